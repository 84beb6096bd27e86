import { createServer } from 'node:net';

/** Asks the kernel for a free loopback TCP port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      if (address === null || typeof address === 'string') {
        srv.close();
        reject(new Error('no port'));
        return;
      }
      const { port } = address;
      srv.close(() => resolve(port));
    });
  });
}
