import { runService } from './run-service.ts';

// The production entry point: configuration from the environment (and .env), then the app.
void runService();
