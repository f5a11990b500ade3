/**
 * `npm run typecheck`: each layer with only the types it may use (core/, workers/api/, app/; ADR 0108), then tooling
 * and tests with everything. Exits non-zero if any project has an error.
 *
 * The four programs run in this one process (ADR 0196): a file is parsed and bound once and shared by every program
 * that loads it (the standard library, React's and the Workers' declarations, core/), and the tooling program checks
 * only the files no layer checks (tests, scripts, e2e, the local services), so the layers' code is checked under its
 * own layer's options and not again under the union of types. The tooling program still sees the layers' sources:
 * a test that calls a layer's function wrongly is an error, as before.
 */
import ts from 'typescript';

/** In order: a file checked by an earlier project is not checked again by the tooling project ('.'). */
const PROJECTS = ['core', 'workers/api', 'app', '.'];
const TOOLING = '.';

/** What `tsc` prints when its output is not a terminal: `file(line,col): error TSnnnn: message`. */
const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => ts.sys.newLine,
};

/**
 * Parsed files shared between the programs. A SourceFile holds its syntax tree and its binder's symbols, neither of
 * which depends on `lib`, `types` or `paths` (the options the projects differ in); each program's checker keeps its
 * own types. The language service shares files across projects the same way (its DocumentRegistry).
 */
const parsed = new Map<string, ts.SourceFile | undefined>();

/** The options that shape a file's parse and bind; a file is shared only between programs that agree on them. */
function parseKey(options: ts.CompilerOptions): string {
  const { target, module, jsx, allowJs, strict, alwaysStrict, moduleDetection, allowUnreachableCode } = options;
  return JSON.stringify([target, module, jsx, allowJs, strict, alwaysStrict, moduleDetection, allowUnreachableCode]);
}

function createHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  // tsc's own setting: JSDoc is parsed only where it can carry types (TypeScript 5.3).
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
  const read = host.getSourceFile;
  const optionsKey = parseKey(options);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
    const setting =
      typeof languageVersionOrOptions === 'object'
        ? [languageVersionOrOptions.languageVersion, languageVersionOrOptions.impliedNodeFormat]
        : [languageVersionOrOptions];
    const key = `${fileName}\0${optionsKey}\0${setting.join()}`;
    if (!shouldCreateNewSourceFile && parsed.has(key)) return parsed.get(key);
    const file = read(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
    parsed.set(key, file);
    return file;
  };
  return host;
}

function readProject(project: string): ts.ParsedCommandLine {
  const configPath = ts.findConfigFile(project, ts.sys.fileExists);
  if (!configPath) throw new Error(`No tsconfig.json in ${project}`);
  const config = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.formatDiagnostics([d], formatHost));
    },
  });
  if (!config) throw new Error(`Could not read ${configPath}`);
  return config;
}

/**
 * The diagnostics `tsc -p project` reports (config, syntax, options, global, then semantic), with the semantic ones
 * only for the files `shouldCheck` keeps. Like tsc, later kinds are asked for only when the earlier ones are clean.
 */
function diagnose(program: ts.Program, shouldCheck: (f: ts.SourceFile) => boolean) {
  const found: ts.Diagnostic[] = [...program.getConfigFileParsingDiagnostics(), ...program.getSyntacticDiagnostics()];
  if (found.length > 0) return { diagnostics: found, checked: [] as ts.SourceFile[] };
  found.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
  const checked: ts.SourceFile[] = [];
  for (const file of program.getSourceFiles()) {
    if (!shouldCheck(file)) continue;
    checked.push(file);
    found.push(...program.getSemanticDiagnostics(file));
  }
  return { diagnostics: ts.sortAndDeduplicateDiagnostics(found), checked };
}

const checkedByLayers = new Set<string>();
let failed = false;
for (const project of PROJECTS) {
  const started = process.cpuUsage();
  const config = readProject(project);
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
    host: createHost(config.options),
  });
  const { diagnostics, checked } = diagnose(
    program,
    project === TOOLING ? (f) => !checkedByLayers.has(f.fileName) : () => true,
  );
  if (project !== TOOLING) for (const f of checked) checkedByLayers.add(f.fileName);
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  failed ||= errors.length > 0;
  const cpu = process.cpuUsage(started);
  const seconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
  const sources = checked.filter((f) => !f.isDeclarationFile).length;
  console.log(`${errors.length === 0 ? '✔' : '✘'} ${project}: ${sources} source files checked (${seconds} CPU s)`);
  if (diagnostics.length > 0) console.log(ts.formatDiagnostics(diagnostics, formatHost).trimEnd());
}
process.exit(failed ? 1 : 0);
