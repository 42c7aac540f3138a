import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lints `source` as if it were the file at `path`, with the project's own ESLint config. */
async function importErrors(path: string, source: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(source, { filePath: path });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('engine layering (eslint.config.mjs)', () => {
  it('refuses imports that climb from a layer to one above it or to a sibling', async () => {
    const climbing = await importErrors(
      'server/engine/backends/probe.ts',
      "import type { JoinSpec } from '../join/join_query';\nexport type P = JoinSpec;\n"
    );
    expect(climbing).toEqual([expect.stringMatching(/backends\/ may not import search\/, join\//)]);
    const sibling = await importErrors(
      'server/engine/search/probe.ts',
      "import type { StoredPit } from '../pit/pit_state';\nexport type P = StoredPit;\n"
    );
    expect(sibling).toEqual([expect.stringMatching(/search\/ may not import pit\//)]);
    const graph = await importErrors(
      'server/engine/graph/probe.ts',
      "import { JoinExecutor } from '../join/join_executor';\nexport const P = JoinExecutor;\n"
    );
    expect(graph).toEqual([expect.stringMatching(/graph\/ reads indices through backends\/ only/)]);
  });

  it('keeps sql/ below connectors/, the engine below its hosts, and each half of the app apart', async () => {
    expect(
      await importErrors(
        'server/engine/sql/probe.ts',
        "import type { Connector } from '../connectors/connector';\nexport type P = Connector;\n"
      )
    ).toEqual([expect.stringMatching(/server\/engine\/sql\/ may not import connectors\//)]);
    expect(
      await importErrors(
        'server/engine/errors_probe.ts',
        "import { route } from '../http/route';\nexport const P = route;\n"
      )
    ).toEqual([expect.stringMatching(/may not import the hosts or routes/)]);
    expect(
      await importErrors(
        'common/probe.ts',
        "import { badRequest } from '../server/engine/errors';\nexport const P = badRequest;\n"
      )
    ).toEqual([expect.stringMatching(/common\/ is shared by server\/ and public\//)]);
    expect(
      await importErrors(
        'public/components/probe.ts',
        "import { badRequest } from '../../server/engine/errors';\nexport const P = badRequest;\n"
      )
    ).toEqual([expect.stringMatching(/public\/ may not import server\//)]);
  });

  it('lets a layer import the layers below it', async () => {
    const downward = await importErrors(
      'server/engine/search/probe.ts',
      [
        "import type { JoinSpec } from '../join/join_query';",
        "import type { Backend } from '../backends/backend';",
        'export type P = [JoinSpec, Backend];',
        '',
      ].join('\n')
    );
    expect(downward).toEqual([]);
  });
});
