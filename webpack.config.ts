// One build: the shell (host), the embed runtime (host for foreign pages), eight federated
// remotes (the seven widgets and the staff app) and the tiny embed stub (docs/decisions.md, CONTRIBUTING.md "Build output").
import path from 'node:path';
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import type { Configuration } from 'webpack';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { EMBEDDABLE_WIDGETS, WIDGET_NAMES } from './shared/widget/types';

const root = __dirname;
/** runtime-core's own files (the embed build swaps one of them, see `embed` below) */
const MF_CORE_DIST = /[\\/]@module-federation[\\/]runtime-core[\\/]dist([\\/]|$)/;
/** the federation sdk's own files (its logger is swapped, see `mfLoggerStandIn`) */
const MF_SDK_DIST = /[\\/]@module-federation[\\/]sdk[\\/]dist$/;
/** the bundler runtime's own files (two of its functions are swapped where unused, see `mfNotUsedStandIn`) */
const MF_BUNDLER_DIST = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist$/;
/** the federation runtime's packages (runtime, runtime-core, sdk, the bundler runtime) */
const MF_PACKAGES = /[\\/]node_modules[\\/]@module-federation[\\/][\w-]+[\\/]dist([\\/]|$)/;
// What ships is React. `TISCHLEIN_UI=preact` is an opt-in lean build (preact/compat behind the
// React API, docs/decisions.md), built into its own folder so both builds can sit side by side;
// TISCHLEIN_DIST overrides the folder (the server reads the same variable).
const usePreact = process.env.TISCHLEIN_UI === 'preact';
const dist = path.resolve(root, process.env.TISCHLEIN_DIST ?? (usePreact ? 'dist-lean' : 'dist'));
export const REMOTES = WIDGET_NAMES;

// Our own shared/ modules are shared by their request string: '@shared/<folder>', and
// '@shared/<folder>/<sub>' for a sub-folder with its own index.ts (loaded on first use, never eager:
// e.g. '@shared/domain/calls', the answers of the calls widgets make on demand).
const SHARED_FOLDERS = fs
  .readdirSync(path.join(root, 'shared'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, 'shared', d.name, 'index.ts')))
  .map((d) => d.name);
const SHARED_SUBMODULES = SHARED_FOLDERS.flatMap((folder) =>
  fs
    .readdirSync(path.join(root, 'shared', folder), { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, 'shared', folder, d.name, 'index.ts')))
    .map((d) => `${folder}/${d.name}`),
);

const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const reactVersion: string = JSON.parse(
  fs.readFileSync(path.join(root, 'node_modules/react/package.json'), 'utf8'),
).version;

// What the embed runtime's own start needs (boot.ts → federation, start → api, stores → pricing,
// rules, i18n, domain, time) and what every widget's first view needs (widget, ui) is carried eagerly;
// the other @shared folders are still provided once per page by the runtime, as chunks loaded
// when a widget first asks for them.
const EMBED_EAGER = new Set(['widget', 'api', 'stores', 'pricing', 'rules', 'i18n', 'domain', 'ui', 'time']);

// `provide: false` (the remotes): a widget takes every shared module from its host (the shell or the
// embed runtime, which provide all of them) and ships no fallback copies of its own: no provide
// table in its remote entry, no fallback chunks (docs/decisions.md).
function sharedConfig(eager: boolean, provide = true) {
  const lib = (name: string, version: string) => ({
    singleton: true,
    requiredVersion: `^${version}`,
    version,
    eager,
    ...(provide ? {} : { import: false as const }),
  });
  const nanoVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/nanostores/package.json'), 'utf8')).version;
  const nanoReactVersion = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules/@nanostores/react/package.json'), 'utf8'),
  ).version;
  const shared: Record<string, object> = {
    react: lib('react', reactVersion),
    'react/jsx-runtime': lib('react/jsx-runtime', reactVersion),
    'react-dom': lib('react-dom', reactVersion),
    'react-dom/client': lib('react-dom/client', reactVersion),
    nanostores: lib('nanostores', nanoVersion),
    '@nanostores/react': lib('@nanostores/react', nanoReactVersion),
  };
  if (usePreact) {
    // preact's own entry points are shared too, or each aliased React entry would carry its own copy
    const preactVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/preact/package.json'), 'utf8')).version;
    // (in an eager host everything sits in one bundle: there the compat entry points are one
    // module anyway, and sharing them twice under two keys breaks eager loading)
    const names = eager ? ['preact', 'preact/hooks', 'preact/jsx-runtime'] : ['preact', 'preact/hooks', 'preact/compat', 'preact/compat/client', 'preact/jsx-runtime'];
    for (const name of names) {
      shared[name] = lib(name, preactVersion);
    }
  }
  for (const folder of [...SHARED_FOLDERS, ...SHARED_SUBMODULES]) {
    shared[`@shared/${folder}`] = {
      singleton: true,
      requiredVersion: false,
      version: pkg.version,
      eager: eager && EMBED_EAGER.has(folder),
      import: provide ? path.join(root, 'shared', folder, 'index.ts') : false,
    };
  }
  return shared;
}

const isProd = process.env.NODE_ENV !== 'development';

// The lean build aliases React to preact/compat (≈ 10 KB instead of ≈ 60 KB gzip on a
// restaurant's page); the default build and every unit and component test use React itself.
const reactAliases: Record<string, string> = usePreact
  ? {
      react$: 'preact/compat',
      'react-dom$': 'preact/compat',
      'react-dom/client$': 'preact/compat/client',
      'react/jsx-runtime$': 'preact/jsx-runtime',
      'react/jsx-dev-runtime$': 'preact/jsx-dev-runtime',
    }
  : {};

function base(name: string, outDir: string, publicPath: string): Configuration {
  return {
    name,
    mode: isProd ? 'production' : 'development',
    devtool: process.env.TISCHLEIN_SOURCEMAP ? 'source-map' : false,
    context: root,
    target: 'web',
    output: {
      path: outDir,
      publicPath,
      uniqueName: `tischlein_${name}`,
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      clean: true,
      // chunk URLs through a Trusted Types policy: the loader's (TrustedScriptUrlPlugin)
      trustedTypes: { policyName: 'tischlein', onPolicyCreationFailure: 'continue' },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: { '@shared': path.join(root, 'shared'), ...reactAliases },
    },
    module: {
      rules: [
        {
          // One build of the federation runtime: its packages mix import and require of each
          // other; resolving both as ES modules (tree-shaken) avoids a second copy (~20 KB gzip).
          test: /node_modules[\\/](@module-federation|\.federation)[\\/]/,
          resolve: { conditionNames: ['import', 'module', 'browser', 'default'] },
        },
        // `import css from 'x.css?raw'`: the file's text (Leaflet's CSS goes into a shadow root).
        { resourceQuery: /raw/, type: 'asset/source' },
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic' },
        },
      ],
    },
    performance: { hints: false },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    stats: (process.env.WEBPACK_STATS as 'verbose' | undefined) ?? 'errors-warnings',
    plugins: [
      new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(isProd ? 'production' : 'development') }),
      // Host pages that replace natives (MooTools 1.5's Array.from) cannot break our code or the
      // federation runtime: every `Array.from` in the bundles is our own (shared/widget/arrayFrom.ts).
      new webpack.ProvidePlugin({ 'Array.from': [path.join(root, 'shared/widget/arrayFrom.ts'), 'arrayFrom'] }),
      new TrustedScriptUrlPlugin(),
    ],
  };
}

/**
 * On a page with Trusted Types (`require-trusted-types-for 'script'`) a chunk's URL must come from
 * a policy. Webpack's own `output.trustedTypes` creates a policy per build (eight builds, eight
 * policies of one name: a page allowing 'tischlein' once refuses the second). Here every build's
 * chunk loading takes the loader's policy instead (`window.__tischlein.url`, shell/embed/stub.ts),
 * or passes the string through where there is none (the shop itself).
 */
class TrustedScriptUrlPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('TrustedScriptUrlPlugin', (compilation) => {
      compilation.hooks.runtimeModule.tap('TrustedScriptUrlPlugin', (module) => {
        if (module.name !== 'trusted types policy') return;
        // (createScript only serves eval source maps, which no build uses)
        module.generate = () => `${webpack.RuntimeGlobals.getTrustedTypesPolicy} = () => ({ createScriptURL: (u) => { var t = window.__tischlein; return t && t.url ? t.url(u) : u; } });`;
      });
    });
  }
}

/**
 * The federation libraries' error codes without their English descriptions (the messages keep the
 * code and the docs link: shell/embed/mfErrorCodes.ts); also the bundler runtime's inlined copy. In
 * the embed runtime and in every remote's entry (each carries the bundler runtime): ≈ 0.4 KB gzip each.
 */
function mfErrorCodesStandIn() {
  return new webpack.NormalModuleReplacementPlugin(/^@module-federation[\\/]error-codes([\\/]browser)?$|[\\/]error-codes[\\/]dist[\\/]getShortErrorMsg\.js$/, (r: { context?: string; request?: string }) => {
    if (r.request && MF_PACKAGES.test(r.context ?? '')) r.request = path.join(root, 'shell/embed/mfErrorCodes.ts');
  });
}

/**
 * The federation sdk's logger without its stack capture, delegate fallbacks and debug output
 * (shell/embed/mfLogger.ts): in the embed runtime and in every remote's entry, ≈ 0.4 KB gzip each.
 */
function mfLoggerStandIn() {
  return new webpack.NormalModuleReplacementPlugin(/^\.[\\/]logger\.js$/, (r: { context?: string; request?: string }) => {
    if (r.request && MF_SDK_DIST.test(r.context ?? '')) r.request = path.join(root, 'shell/embed/mfLogger.ts');
  });
}

/**
 * Chrome's explicit compile hint (V8, Chrome 136+): a script whose first line is this magic comment
 * has all its functions compiled eagerly — for a `<script>`, on the thread that streams it in while
 * it downloads — instead of each function lazily on the main thread at its first call. The runtime's
 * start calls most of its functions at once (the shared libraries' module factories, react-dom), so
 * those compiles left the host page's main thread (docs/benchmarks.md, docs/decisions.md: issue 29).
 * Other browsers ignore it (a comment). Added once minified (the minifier drops comments), before the
 * content hash is taken (HashNamePlugin, realContentHash) and before source maps (it shifts them a line).
 * `npm run size` checks that the runtime starts with it.
 */
function compileHint(files: RegExp) {
  return new webpack.BannerPlugin({ banner: '//# allFunctionsCalledOnLoad', raw: true, test: files, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 });
}

function remote(name: (typeof REMOTES)[number]): Configuration {
  const cfg = base(name, path.join(dist, 'remotes', name), 'auto');
  cfg.entry = {};
  cfg.plugins!.push(
    new ModuleFederationPlugin({
      name: `tischlein_${name}`,
      // renamed to remoteEntry.{contenthash}.js once minified (RemoteEntryPlugin): the federation
      // runtime cannot carry a hash in `filename` itself
      filename: 'remoteEntry.js',
      shareStrategy: 'loaded-first',
      exposes: { './widget': `./remotes/${name}/index.ts` },
      shared: sharedConfig(false, false),
      dts: false,
      manifest: false,
      experiments: {
        // The host (shell or embed runtime) provides the federation runtime once per page.
        externalRuntime: true,
        // (no remote in its config: the bundler runtime's `remotes` stays out, mfNotUsedStandIn)
        optimization: { disableSnapshot: true, disableRemote: true, target: 'web' },
      },
    }) as never,
    new RemoteEntryPlugin(name),
    new FirstChunksPlugin(name),
    mfErrorCodesStandIn(),
    mfLoggerStandIn(),
    mfNotUsedStandIn('installInitialConsumes'),
    new NotUsedGuardPlugin(['remotes', 'installInitialConsumes']),
  );
  return cfg;
}

// The remotes' hashed entry file names, as each remote build emits them. The hosts and the
// stub build after the remotes (`dependencies`) and get the manifest baked in.
const remoteEntries = new Map<string, string>();
/** A list the last full build wrote into dist/ (a subset build, `--env only=…`, keeps the rest); {} on the first build. */
function lastBuilt<T>(file: string): Record<string, T> {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8'));
  } catch {
    return {};
  }
}
function widgetManifest(): Record<string, string> {
  const onDisk = lastBuilt<string>('widgets.json');
  return Object.fromEntries(REMOTES.map((r) => [r, remoteEntries.get(r) ?? onDisk[r] ?? `/remotes/${r}/remoteEntry.js`]));
}
/** Renames an emitted `name.js` to `name.{sha256 of its content}.js` once minified. */
class HashNamePlugin {
  constructor(
    private readonly asset: string,
    private readonly onName: (file: string) => void = () => {},
  ) {}
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('HashNamePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'HashNamePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH },
        () => {
          const asset = compilation.getAsset(this.asset);
          if (!asset) return;
          const hash = createHash('sha256').update(asset.source.buffer()).digest('hex').slice(0, 10);
          const file = this.asset.replace(/\.js$/, `.${hash}.js`);
          compilation.renameAsset(this.asset, file);
          this.onName(file);
        },
      );
    });
  }
}
/**
 * The bundler runtime's `remotes` and `installInitialConsumes` where a build never calls them
 * (shell/embed/mfNotUsed.ts): `remotes` in the embed runtime (no remote in its config: widgets come
 * through `loadRemote`), `installInitialConsumes` in every remote's entry (no shared module needed before
 * it runs); ≈ 0.4 KB gzip each. The remotes' builds drop `remotes` with the library's own
 * `experiments.optimization.disableRemote`. NotUsedGuardPlugin fails the build if its output calls one.
 */
function mfNotUsedStandIn(...files: ('remotes' | 'installInitialConsumes')[]) {
  const re = new RegExp(`^\\.[\\\\/](${files.join('|')})\\.js$`);
  return new webpack.NormalModuleReplacementPlugin(re, (r: { context?: string; request?: string }) => {
    if (r.request && MF_BUNDLER_DIST.test(r.context ?? '')) r.request = path.join(root, 'shell/embed/mfNotUsed.ts');
  });
}

/** Fails a build whose output calls a bundler-runtime function that `mfNotUsedStandIn` left out. */
class NotUsedGuardPlugin {
  constructor(private readonly names: readonly string[]) {}
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('NotUsedGuardPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'NotUsedGuardPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ANALYSE }, (assets) => {
        for (const [file, source] of Object.entries(assets)) {
          if (!file.endsWith('.js')) continue;
          const code = String(source.source());
          for (const n of this.names)
            if (code.includes(`bundlerRuntime.${n}(`)) compilation.errors.push(new webpack.WebpackError(`${file} calls bundlerRuntime.${n}, left out by mfNotUsedStandIn (webpack.config.ts)`));
        }
      });
    });
  }
}

class RemoteEntryPlugin extends HashNamePlugin {
  constructor(remoteName: string) {
    super('remoteEntry.js', (file) => remoteEntries.set(remoteName, `/remotes/${remoteName}/${file}`));
  }
}

// The files of the chunks that hold each remote's exposed module (what a widget downloads after
// its entry, before it can render): the server names the menu's in its first view as preloads,
// so they download while the runtime is still on its way (docs/decisions.md, 2026-11-24).
const firstChunks = new Map<string, string[]>();
class FirstChunksPlugin {
  constructor(private readonly remoteName: string) {}
  apply(compiler: webpack.Compiler) {
    compiler.hooks.afterEmit.tap('FirstChunksPlugin', (compilation) => {
      const exposed = path.join(root, 'remotes', this.remoteName, 'index.ts');
      const files = new Set<string>();
      for (const m of compilation.modules) {
        // (minified, the module sits inside a concatenated one: its root)
        const mod = m as { resource?: string; rootModule?: { resource?: string } };
        if ((mod.rootModule?.resource ?? mod.resource) !== exposed) continue;
        for (const chunk of compilation.chunkGraph.getModuleChunksIterable(m))
          for (const group of chunk.groupsIterable)
            for (const c of group.chunks) if (!c.hasRuntime()) for (const f of c.files) if (f.endsWith('.js')) files.add(`/remotes/${this.remoteName}/${f}`);
      }
      if (!files.size) throw new Error(`FirstChunksPlugin: no chunk holds remotes/${this.remoteName}/index.ts`);
      firstChunks.set(this.remoteName, [...files].sort());
    });
  }
}
function firstChunksManifest(): Record<string, string[]> {
  const onDisk = lastBuilt<string[]>('first-chunks.json');
  return Object.fromEntries(REMOTES.map((r) => [r, firstChunks.get(r) ?? onDisk[r] ?? []]));
}
const manifestDefine = (name: 'shell' | 'embed') =>
  new webpack.DefinePlugin({
    __TISCHLEIN_WIDGETS__: webpack.DefinePlugin.runtimeValue(() => JSON.stringify(widgetManifest()), true),
    // each remote's first chunks in its folder, without '.js' ('cart' → '66.5226fd7482'): the runtime asks for them
    // together with the remote's entry instead of after it ran (shell/federation.ts, docs/decisions.md, issue 29). The
    // embed runtime's list (on every restaurant's page: bytes count) has the embeddable widgets but the menu, whose
    // first chunks the loader stub asks for itself.
    __TISCHLEIN_FIRST_CHUNKS__: webpack.DefinePlugin.runtimeValue(
      () =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(firstChunksManifest())
              .filter(([r]) => name === 'shell' || ((EMBEDDABLE_WIDGETS as readonly string[]).includes(r) && !STUB_FIRST_CHUNKS.includes(r)))
              .map(([r, files]) => [r, files.map((f) => f.slice(`/remotes/${r}/`.length).replace(/\.js$/, '')).join(' ')]),
          ),
        ),
      true,
    ),
  });

// The embed runtime's content-hashed file ('embed/runtime.1a2b3c4d5e.js'), as the embed build
// emits it; the stub builds after it and gets the name baked in.
let runtimeFile: string | null = null;
function runtimeName(): string {
  if (runtimeFile) return runtimeFile;
  // `--env only=stub`: the runtime on disk
  const onDisk = fs.existsSync(path.join(dist, 'embed')) ? fs.readdirSync(path.join(dist, 'embed')).find((f) => /^runtime\.[0-9a-f]+\.js$/.test(f)) : undefined;
  return onDisk ? `embed/${onDisk}` : 'embed/runtime.js';
}

function host(name: 'shell' | 'embed', entry: string, outDir: string, publicPath: string): Configuration {
  const cfg = base(name, outDir, publicPath);
  cfg.entry = { [name === 'shell' ? 'shell' : 'runtime']: entry };
  // Entry files are content-hashed too (immutable): the shell page names the shell's files
  // (ShellHtmlPlugin), the stub has the runtime's name baked in (EntryNamePlugin).
  cfg.dependencies = [...REMOTES];
  cfg.plugins!.push(
    manifestDefine(name),
    new ModuleFederationPlugin({
      name: `tischlein_${name}_host`,
      remotes: {},
      // 'version-first' would download every registered remote's entry at start to compare
      // versions; all our containers come from one build, so the loaded copy is the right one.
      shareStrategy: 'loaded-first',
      // The embed runtime carries the shared modules itself (eager): on a phone on a slow
      // network one download in parallel with the shop data and the widgets' entries beats a
      // chain of chunk requests after it (docs/benchmarks.md).
      shared: sharedConfig(name === 'embed'),
      dts: false,
      manifest: false,
      experiments: {
        provideExternalRuntime: true,
        optimization: { disableSnapshot: true, target: 'web' },
      },
    }) as never,
  );
  return cfg;
}

/** The widgets whose first chunks the stub asks for with their entry: the menu (its live mount is what the guest waits for). */
const STUB_FIRST_CHUNKS: readonly string[] = ['menu'];
/** The stub's file list per embeddable widget (see `__TISCHLEIN_WIDGET_FILES__` below). */
function stubFiles(): Record<string, string> {
  const chunks = firstChunksManifest();
  return Object.fromEntries(
    Object.entries(widgetManifest())
      .filter(([r]) => (EMBEDDABLE_WIDGETS as readonly string[]).includes(r))
      .map(([r, entry]) => {
        const inFolder = (file: string) => file.slice(`/remotes/${r}/`.length).replace(/\.js$/, '');
        const first = STUB_FIRST_CHUNKS.includes(r) ? (chunks[r] ?? []).filter((f) => f.startsWith(`/remotes/${r}/`)) : [];
        return [r, [entry, ...first].map(inFolder).join(' ')];
      }),
  );
}

function stub(): Configuration {
  const cfg = base('stub', dist, '/');
  cfg.entry = { embed: './shell/embed/stub.ts' };
  // (no webpack wrapper: the stub is one module without imports, and its own arrow function keeps its names off the page)
  cfg.output = { ...cfg.output, filename: 'embed.js', clean: false, iife: false };
  // no '"use strict";' in front of the stub (9 bytes gzip of its 1.90 KB budget): esbuild writes it for
  // tsconfig's `strict`. The stub's code does the same without it (no `this`, no `arguments` of named
  // parameters, no `with`, no `delete`); only a write a hostile page made impossible (a frozen
  // `window.Tischlein`) is skipped instead of throwing — the stub then goes on loading the runtime.
  cfg.module = {
    ...cfg.module,
    rules: cfg.module!.rules!.map((r) =>
      r && typeof r === 'object' && r.loader === 'esbuild-loader' ? { ...r, options: { ...(r.options as object), tsconfigRaw: { compilerOptions: { alwaysStrict: false } } } } : r,
    ),
  };
  cfg.dependencies = [...REMOTES, 'embed'];
  cfg.plugins!.push(
    new webpack.DefinePlugin({
      __TISCHLEIN_RUNTIME__: webpack.DefinePlugin.runtimeValue(() => JSON.stringify(runtimeName()), true),
      // the stub's copy of the manifest, small: each embeddable remote's files relative to its folder, without
      // '.js' ('menu' → 'remoteEntry.1a2b3c4d5e 211.9f8e7d6c5b': remotes/menu/remoteEntry.1a2b3c4d5e.js, …; the
      // staff app's remotes never sit on a restaurant's page and cost the stub no bytes). The menu's files
      // include its first chunks (FirstChunksPlugin): the stub asks for them at once instead of after the
      // first view's answer names them (one round trip less before the live menu, docs/decisions.md, issue 29).
      __TISCHLEIN_WIDGET_FILES__: webpack.DefinePlugin.runtimeValue(() => JSON.stringify(stubFiles()), true),
    }),
  );
  return cfg;
}

// The shell's HTML page: copied with its hashed script name filled in.
class ShellHtmlPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.afterEmit.tap('ShellHtmlPlugin', (compilation) => {
      const entry = compilation.entrypoints.get('shell');
      const files = entry ? entry.getFiles().filter((f) => f.endsWith('.js')) : [];
      const tpl = fs.readFileSync(path.join(root, 'shell/index.html'), 'utf8');
      const scripts = files.map((f) => `<script defer src="/shell/${f}"></script>`).join('\n    ');
      // the style sheet gets a content hash as well (immutable like the scripts)
      const css = fs.readFileSync(path.join(root, 'shell/shell.css'));
      const cssFile = `shell.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
      fs.mkdirSync(path.join(dist, 'shell'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'shell', cssFile), css);
      const html = tpl.replace('<!--SCRIPTS-->', scripts).replace('href="/shell/shell.css"', `href="/shell/${cssFile}"`);
      if (!html.includes(cssFile)) throw new Error('shell/index.html: the link to /shell/shell.css is missing');
      fs.writeFileSync(path.join(dist, 'index.html'), html);
      fs.writeFileSync(path.join(dist, 'widgets.json'), JSON.stringify(widgetManifest(), null, 2));
      // not served: the server reads it (readFirstChunks in server/static.ts)
      fs.writeFileSync(path.join(dist, 'first-chunks.json'), JSON.stringify(firstChunksManifest(), null, 2));
    });
  }
}

const shell = host('shell', './shell/main.tsx', path.join(dist, 'shell'), '/shell/');
// (the shell's federation runtime module cannot name its entry by [contenthash]: the entry is
// renamed to its content hash once minified, like the remotes' entries)
shell.output!.filename = '[name].js';
shell.plugins!.push(new HashNamePlugin('shell.js'), new ShellHtmlPlugin());
const embed = host('embed', './shell/embed/boot.ts', path.join(dist, 'embed'), 'auto');
// the shortest export names between the runtime's own modules (what a shared module provides keeps
// its names: its exports are used from outside the build): ≈ 0.35 KB gzip
embed.optimization = { ...embed.optimization, mangleExports: 'size' };
// (like the shell: once the runtime has chunks loaded on first use, its federation runtime module
// cannot name the entry by [contenthash]; the entry is renamed to its content hash once minified)
embed.output!.filename = '[name].js';
embed.plugins!.push(
  new HashNamePlugin('runtime.js', (file) => (runtimeFile = `embed/${file}`)),
  // the runtime checks API answers only (the lenient strength): the strict strength's checks and
  // their messages stay out of a restaurant's page (STRICT_CHECKS in shared/domain/kit.ts)
  new webpack.DefinePlugin({ __TISCHLEIN_LENIENT_SCHEMAS_ONLY__: 'true' }),
  // runtime-core's SnapshotHandler (manifest snapshots, preloadRemote: not used by our containers)
  // replaced by the little the runtime asks of it (shell/embed/mfSnapshotHandler.ts): ≈ 1.6 KB gzip
  new webpack.NormalModuleReplacementPlugin(/[\\/]plugins[\\/]snapshot[\\/]SnapshotHandler\.js$/, (r: { context?: string; request?: string }) => {
    if (r.request && MF_CORE_DIST.test(r.context ?? '')) r.request = path.join(root, 'shell/embed/mfSnapshotHandler.ts');
  }),
  // runtime-core's version matching (a semver range parser) replaced by one for the versions and
  // ranges our builds write (shell/embed/mfSemver.ts, checked against the library's): ≈ 1.4 KB gzip
  new webpack.NormalModuleReplacementPlugin(/[\\/]semver[\\/]index\.js$/, (r: { context?: string; request?: string }) => {
    if (r.request && MF_CORE_DIST.test(r.context ?? '')) r.request = path.join(root, 'shell/embed/mfSemver.ts');
  }),
  mfErrorCodesStandIn(),
  mfLoggerStandIn(),
  mfNotUsedStandIn('remotes'),
  new NotUsedGuardPlugin(['remotes']),
);

// the runtime's entry (not its chunks loaded on first use: they run a function or two)
embed.plugins!.push(compileHint(/^runtime\.js$/));

const configs: Configuration[] = [...REMOTES.map(remote), shell, embed, stub()];
// `--env only=menu,cart` builds a subset (handy while working on one widget).
export default (env: Record<string, string> = {}) => {
  if (env.only) {
    const only = env.only.split(',');
    return configs
      .filter((c) => only.includes(c.name!))
      .map((c) => ({ ...c, dependencies: c.dependencies?.filter((d) => only.includes(d)) }));
  }
  return configs;
};
