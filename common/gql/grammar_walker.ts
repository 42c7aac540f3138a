/**
 * Which tokens may come next after a sequence of tokens, computed from the parser's grammar
 * (chevrotain 13 has no content-assist API). Used for completion and for the expected tokens of
 * "trailing input" errors, where chevrotain itself only knows that the input did not end.
 *
 * The walk simulates the grammar as a set of continuations (stacks of productions still to
 * match); the grammar is LL(3), so the set stays small.
 */
import {
  Alternation,
  Alternative,
  EOF,
  IProduction,
  IToken,
  NonTerminal,
  Option,
  Repetition,
  RepetitionMandatory,
  RepetitionMandatoryWithSeparator,
  RepetitionWithSeparator,
  Rule,
  Terminal,
  TokenType,
  tokenMatcher,
} from 'chevrotain';

interface Continuation {
  head: IProduction;
  tail: Continuation | null;
}

/** Far above what this grammar produces; only a guard against a grammar change gone wrong. */
const MAX_CONTINUATIONS = 5000;

export class GrammarWalker {
  /** `X+` is walked as `X X*`, `X (sep X)*`: the looping parts, built once per production. */
  private readonly loops = new Map<IProduction, Repetition>();

  constructor(private readonly start: Rule) {}

  /**
   * The token types that may follow `tokens` (EOF when the statement may end there), in grammar
   * order; undefined when `tokens` is not the start of any valid statement.
   */
  nextTokenTypes(tokens: readonly IToken[]): TokenType[] | undefined {
    let frontier: (Continuation | null)[] = [];
    this.expand(push(this.start.definition, null), frontier);
    for (const token of tokens) {
      const next: (Continuation | null)[] = [];
      for (const continuation of frontier) {
        if (continuation && tokenMatcher(token, (continuation.head as Terminal).terminalType)) {
          this.expand(continuation.tail, next);
        }
      }
      if (next.length === 0 || next.length > MAX_CONTINUATIONS) return undefined;
      frontier = next;
    }
    const types = new Set<TokenType>();
    for (const continuation of frontier) {
      types.add(continuation ? (continuation.head as Terminal).terminalType : EOF);
    }
    return [...types];
  }

  /** Adds to `out` every continuation reachable without a token, each headed by a terminal. */
  private expand(continuation: Continuation | null, out: (Continuation | null)[]): void {
    if (!continuation) {
      out.push(null);
      return;
    }
    const { head, tail } = continuation;
    if (head instanceof Terminal) {
      out.push(continuation);
    } else if (head instanceof NonTerminal) {
      this.expand(push(head.referencedRule.definition, tail), out);
    } else if (head instanceof Alternation) {
      for (const alternative of head.definition as Alternative[]) {
        this.expand(push(alternative.definition, tail), out);
      }
    } else if (head instanceof Option || head instanceof Repetition) {
      // Match it once (and, for a repetition, come back to it), or skip it. Taking it first
      // lists the tokens in the order a reader of the grammar expects.
      const after = head instanceof Repetition ? { head, tail } : tail;
      this.expand(push(head.definition, after), out);
      this.expand(tail, out);
    } else if (head instanceof RepetitionWithSeparator) {
      this.expand(push(head.definition, { head: this.loop(head), tail }), out);
      this.expand(tail, out);
    } else if (
      head instanceof RepetitionMandatory ||
      head instanceof RepetitionMandatoryWithSeparator
    ) {
      this.expand(push(head.definition, { head: this.loop(head), tail }), out);
    } else if (head instanceof Alternative || head instanceof Rule) {
      this.expand(push(head.definition, tail), out);
    } else {
      throw new Error(`grammar walker: unknown production ${head.constructor.name}`);
    }
  }

  private loop(
    production: RepetitionMandatory | RepetitionWithSeparator | RepetitionMandatoryWithSeparator
  ): Repetition {
    let loop = this.loops.get(production);
    if (!loop) {
      const separator =
        production instanceof RepetitionMandatory
          ? []
          : [new Terminal({ terminalType: production.separator })];
      loop = new Repetition({ definition: [...separator, ...production.definition] });
      this.loops.set(production, loop);
    }
    return loop;
  }
}

function push(definition: IProduction[], tail: Continuation | null): Continuation | null {
  let result = tail;
  for (let i = definition.length - 1; i >= 0; i--) result = { head: definition[i], tail: result };
  return result;
}
