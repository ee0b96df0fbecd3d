// Set by the web build (packages/web-kit/webpack/create-config.cjs: the release version, else the
// app's package.json version) and by jest's `web` project ('test').
declare const __REMOTE_BUILD_VERSION__: string;
