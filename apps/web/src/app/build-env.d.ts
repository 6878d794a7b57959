/** The build id injected by vite.config.ts into both the page and the service worker. */
declare const __APP_VERSION__: string;
