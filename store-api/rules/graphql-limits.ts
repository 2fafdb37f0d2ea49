import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

/**
 * How much one GraphQL request may ask for. node:sqlite answers synchronously, so one costly
 * request holds up every other caller: a request over any limit is refused before it runs.
 * Cost: every field 1, every root field (a basket read or change) 50 more.
 */
export const GRAPHQL_LIMITS = {
  maxDepth: 8,
  maxAliases: 10,
  maxCost: 1000,
  rootFieldCost: 50,
  maxQueryBytes: 16 * 1024,
} as const;

export interface QueryMeasure {
  depth: number;
  aliases: number;
  cost: number;
}

/** Depth, alias count and cost of a selection set, fragments expanded (a fragment cycle counts once). */
export function measureSelection(
  selectionSet: SelectionSetNode,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  level = 0,
  visiting: ReadonlySet<string> = new Set(),
): QueryMeasure {
  const total: QueryMeasure = { depth: level, aliases: 0, cost: 0 };
  const add = (part: QueryMeasure) => {
    total.depth = Math.max(total.depth, part.depth);
    total.aliases += part.aliases;
    total.cost += part.cost;
  };
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      add({
        depth: level + 1,
        aliases: selection.alias ? 1 : 0,
        cost: 1 + (level === 0 ? GRAPHQL_LIMITS.rootFieldCost : 0),
      });
      if (selection.selectionSet) add(measureSelection(selection.selectionSet, fragments, level + 1, visiting));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      add(measureSelection(selection.selectionSet, fragments, level, visiting));
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (fragment && !visiting.has(name))
        add(measureSelection(fragment.selectionSet, fragments, level, new Set([...visiting, name])));
    }
  }
  return total;
}

/** The first limit a measure breaks, as the message to answer, or null. */
export function limitBroken(measure: QueryMeasure): string | null {
  if (measure.depth > GRAPHQL_LIMITS.maxDepth) return `query too deep: at most ${GRAPHQL_LIMITS.maxDepth} levels`;
  if (measure.aliases > GRAPHQL_LIMITS.maxAliases) return `too many aliases: at most ${GRAPHQL_LIMITS.maxAliases}`;
  if (measure.cost > GRAPHQL_LIMITS.maxCost) return `query too costly: at most ${GRAPHQL_LIMITS.maxCost}`;
  return null;
}

/** Validation rule refusing an operation over the limits. */
export function QueryLimitsRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(operation) {
      const fragments: Record<string, FragmentDefinitionNode> = {};
      for (const definition of context.getDocument().definitions) {
        if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
      }
      const broken = limitBroken(measureSelection(operation.selectionSet, fragments));
      if (broken) context.reportError(new GraphQLError(broken, { nodes: operation }));
    },
  };
}

/**
 * Refuses schema introspection (`__schema`, `__type`; `__typename` stays). Written against the
 * document alone, without graphql's own rule, whose type checks fail across module copies.
 */
export function NoIntrospectionRule(context: ValidationContext): ASTVisitor {
  return {
    Field(field) {
      const name = field.name.value;
      if (name === '__schema' || name === '__type')
        context.reportError(new GraphQLError(`GraphQL introspection is not allowed: ${name}`, { nodes: field }));
    },
  };
}

/** A validation message without graphql's "Did you mean ...?" hint, which spells out the schema. */
export function withoutSuggestions(message: string): string {
  return message.replace(/\s*Did you mean .*\?$/s, '');
}
