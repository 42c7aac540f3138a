/**
 * The path rules of the GQL grammar, on top of the pattern rules: a path variable
 * (`p = (a)-[:R]->{1,3}(b)`), and the shortest-path searches in both forms, GQL's
 * `ANY SHORTEST` / `ALL SHORTEST` before a pattern and Cypher's `shortestPath(...)` /
 * `allShortestPaths(...)` around one (ast.ts, PathPattern). The words are read as identifiers
 * where they stand (no new reserved words: `any` and `all` stay usable names elsewhere).
 */
import type { IToken } from 'chevrotain';
import type { PathPattern, SourceRange } from './ast';
import { isMissing } from './parser_base';
import { GqlPatternRules } from './pattern_rules';
import * as T from './tokens';

const word = (token: IToken, ...words: string[]) =>
  !isMissing(token) && words.includes(token.image.toUpperCase());

interface Found {
  path: PathPattern | undefined;
  shortest?: PathPattern['shortest'];
}

export class GqlPathRules extends GqlPatternRules {
  protected namedPath = this.RULE('namedPath', (): PathPattern | undefined => {
    const start = this.ACTION(() => this.nextOffset());
    const variable = this.OPTION(() => {
      const name = this.CONSUME(T.VariableName);
      this.CONSUME(T.Equals);
      return name;
    });
    const found: Found | undefined = this.OR({
      ERR_MSG: 'a pattern such as (v:Label)',
      DEF: [
        {
          // GQL: `ANY SHORTEST (a)-[:R]->{1,6}(b)`, `ALL SHORTEST ...`.
          GATE: () => word(this.LA(1), 'ANY', 'ALL'),
          ALT: () => {
            const mode = this.CONSUME(T.Identifier);
            const shortest = this.CONSUME2(T.Identifier);
            const path = this.SUBRULE(this.pathPattern);
            return this.ACTION(() => {
              const range = this.source.range(
                mode.startOffset,
                shortest.startOffset + shortest.image.length
              );
              if (!word(shortest, 'SHORTEST')) {
                this.semanticError(
                  `expected SHORTEST after ${mode.image.toUpperCase()}: the path searches here are ANY SHORTEST and ALL SHORTEST`,
                  this.tokenRange(shortest)
                );
                return { path };
              }
              const kind: 'any' | 'all' = word(mode, 'ANY') ? 'any' : 'all';
              return { path, shortest: { mode: kind, range } };
            });
          },
        },
        {
          // Cypher: `shortestPath((a)-[:R*..6]->(b))`, `allShortestPaths(...)`.
          GATE: () => word(this.LA(1), 'SHORTESTPATH', 'ALLSHORTESTPATHS'),
          ALT: () => {
            const fn = this.CONSUME3(T.Identifier);
            this.CONSUME(T.LParen);
            const path = this.SUBRULE2(this.pathPattern);
            this.CONSUME(T.RParen);
            return this.ACTION(() => {
              const range: SourceRange = this.tokenRange(fn);
              const kind: 'any' | 'all' = word(fn, 'SHORTESTPATH') ? 'any' : 'all';
              return { path, shortest: { mode: kind, range } };
            });
          },
        },
        { ALT: (): Found => ({ path: this.SUBRULE3(this.pathPattern) }) },
      ],
    });
    return this.ACTION(() => {
      const path = found?.path;
      if (!path) return undefined;
      const result: PathPattern = { ...path };
      const name = this.identifier(variable);
      if (name) result.variable = name;
      if (found.shortest) result.shortest = found.shortest;
      if (name || found.shortest) result.range = this.rangeFrom(start);
      return result;
    });
  });
}
