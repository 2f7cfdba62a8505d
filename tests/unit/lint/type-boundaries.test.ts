import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// Which globals each side of the house can see: the portal has the DOM but not Node, the server has
// Node but not the DOM, shared code has neither; scripts and tests have both. Each case type-checks a
// probe file, as it would stand in its folder, with the tsconfig that `npm run typecheck` uses there.
const root = fileURLToPath(new URL('../../..', import.meta.url));

const USES_NODE = 'export const mode = process.env.NODE_ENV;\n';
const USES_DOM = 'export const title = document.title;\n';

function globalErrors(configFile: string, probePath: string, code: string): string[] {
  const configPath = join(root, configFile);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  const probe = join(root, probePath);
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => (resolve(file) === probe ? code : readFile(file));
  host.fileExists = (file) => resolve(file) === probe || fileExists(file);
  const program = ts.createProgram({ rootNames: [probe], options: parsed.options, host });
  const source = program.getSourceFile(probe);
  if (!source) throw new Error(`probe not compiled: ${probePath} (${dirname(probePath)})`);
  return program.getSemanticDiagnostics(source).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('type boundaries of the tsconfig files', () => {
  it('portal code sees the DOM but not Node', () => {
    expect(globalErrors('tsconfig.portal.json', 'src/portal/app/probe.ts', USES_NODE).join()).toMatch(/Cannot find name 'process'/);
    expect(globalErrors('tsconfig.portal.json', 'src/portal/app/probe.ts', USES_DOM)).toEqual([]);
  });

  it('server code sees Node but not the DOM', () => {
    expect(globalErrors('tsconfig.server.json', 'src/server/probe.ts', USES_DOM).join()).toMatch(/Cannot find name 'document'/);
    expect(globalErrors('tsconfig.server.json', 'src/server/probe.ts', USES_NODE)).toEqual([]);
  });

  it('shared code sees neither', () => {
    expect(globalErrors('tsconfig.shared.json', 'src/shared/probe.ts', USES_NODE).join()).toMatch(/Cannot find name 'process'/);
    expect(globalErrors('tsconfig.shared.json', 'src/shared/probe.ts', USES_DOM).join()).toMatch(/Cannot find name 'document'/);
  });

  it('scripts and tests see both', () => {
    expect(globalErrors('tsconfig.tools.json', 'scripts/probe.ts', USES_NODE + USES_DOM)).toEqual([]);
  });
});
