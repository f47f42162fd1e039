/** The year the web app was built (vite.config.ts `define`): the year in the pages the build draws. */
declare const __BUILD_YEAR__: number;
