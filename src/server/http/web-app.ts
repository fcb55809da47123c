import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NOT_BUILT = 'The web app is not built yet: run `npm run build` (npm start does it for you).';

const SOURCE_MAP = /\.map$/i;

/**
 * The built web app (vite's dist/web) on the API's port. Unknown `/api` paths answer 404 `{msg}`;
 * any other GET falls back to index.html so the app's own routes (/alfadiesel/...) load on refresh.
 * Source maps (the app's source, comments included) only when `serveSourceMaps` says so.
 * Each file goes out as the build's Brotli or gzip copy beside it (scripts/precompress.ts) when the browser
 * accepts one, with `Vary: Accept-Encoding`; a file without a copy is compressed as it is sent (api-server.ts).
 */
export async function serveWebApp(
  app: FastifyInstance,
  webRoot: string | undefined,
  serveSourceMaps = false,
): Promise<void> {
  const built = webRoot !== undefined && existsSync(join(webRoot, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: 'index.html',
      preCompressed: true,
      allowedPath: (path) => serveSourceMaps || !SOURCE_MAP.test(path),
      // Vite fingerprints what it puts in assets/, so those files never change; the rest is revalidated.
      setHeaders: (reply, path) => {
        reply.header(
          'Cache-Control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (SOURCE_MAP.test(path))
      return reply.code(404).send({ msg: 'Source maps are not served (SOURCE_MAPS=1 serves them).' });
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$)/.test(path);
    if (!isPage) return reply.code(404).send({ msg: `No such API endpoint: ${request.method} ${path.slice(0, 200)}` });
    if (!built) return reply.code(404).send({ msg: NOT_BUILT });
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
