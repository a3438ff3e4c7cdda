// The bundled app's entry (suites/startup/bundled-app.js bundles it with the HTTP suite's hono +
// React app into one file): build the app, then say it is ready with its route count.
import { createApp } from '../../http/_app.js';

const app = createApp();
console.log(`app ready: ${app.routes.length} routes`);
