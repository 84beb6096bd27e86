// The logging port: the shape every layer logs through, with no behaviour and no dependency, so it lives in the
// lowest layer. src/logger.ts builds the real one (pino with redaction), which fits it.

/** The logger methods our parts log through (pino's Logger fits); parts take the narrowest `Pick` they need. */
export interface LoggerLike {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A logger that drops everything (the default when none is given). */
export const silentLogger: LoggerLike = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
