import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { scimError } from './errors';

// A SCIM filter as scimmy parses it (an OR of AND-groups: `[{ userName: ['eq', 'a'] }]`) turned
// into SQL on the company's rows, so that `eq` and `sw` on userName and emails.value are answered
// by the indexes of migration 0028. Only the attributes below filter; anything else is invalidFilter.

type Builder = ExpressionBuilder<DB, 'scim_users'>;
type Comparison = readonly unknown[];

const CORE_USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:user:';

/** Filterable attributes, lower-cased, and the SQL of each. */
const TEXT_ATTRIBUTES: Record<string, { column: string; caseExact: boolean }> = {
  username: { column: 'scim_users.user_name', caseExact: false },
  'emails.value': { column: 'scim_users.email', caseExact: false },
  emails: { column: 'scim_users.email', caseExact: false },
  externalid: { column: 'scim_users.external_id', caseExact: true },
};

const SUPPORTED = 'userName, emails.value, externalId (eq, ne, sw, ew, co, pr), id (eq), active (eq)';

const invalid = (detail: string) =>
  scimError(400, 'invalidFilter', `${detail}. Filters accept ${SUPPORTED}.`);

/** A LIKE pattern that matches `value` literally. */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function textComparison(name: string, column: string, caseExact: boolean, comparison: Comparison) {
  const [operator, value] = comparison;
  const target = caseExact ? sql.ref(column) : sql`lower(${sql.ref(column)})`;
  if (operator === 'pr') return sql<SqlBool>`${sql.ref(column)} IS NOT NULL`;
  if (typeof value !== 'string') throw invalid(`${name} compares with a string`);
  const text = caseExact ? value : value.toLowerCase();
  switch (operator) {
    case 'eq':
      return sql<SqlBool>`${target} = ${text}`;
    case 'ne':
      return sql<SqlBool>`${target} IS DISTINCT FROM ${text}`;
    case 'sw': {
      // A byte-order range the text_pattern_ops index answers even when the plan is generic; the
      // LIKE keeps the meaning exact.
      const like = sql<SqlBool>`${target} LIKE ${`${likeLiteral(text)}%`}`;
      const last = text.codePointAt(text.length - 1);
      if (!text || last === undefined) return like;
      const upper = text.slice(0, text.length - (last > 0xffff ? 2 : 1)) + String.fromCodePoint(last + 1);
      return sql<SqlBool>`${target} ~>=~ ${text} AND ${target} ~<~ ${upper} AND ${like}`;
    }
    case 'ew':
      return sql<SqlBool>`${target} LIKE ${`%${likeLiteral(text)}`}`;
    case 'co':
      return sql<SqlBool>`${target} LIKE ${`%${likeLiteral(text)}%`}`;
  }
  throw invalid(`the operator ${String(operator)} does not apply to ${name}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function comparisonsOf(value: unknown): Comparison[] {
  if (!Array.isArray(value)) return [];
  return Array.isArray(value[0]) ? (value as Comparison[]) : [value as Comparison];
}

/** One attribute's comparisons (`userName sw "a" and userName ew "b"` gives two). */
function attributeCondition(name: string, value: unknown): Expression<SqlBool>[] {
  const key = name.toLowerCase().replace(CORE_USER_URN, '');
  // emails[value eq "…"] and emails.value eq "…" both arrive as { emails: { value: [...] } }.
  if (key === 'emails' && value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    return entries.flatMap(([sub, inner]) => attributeCondition(`emails.${sub}`, inner));
  }
  const comparisons = comparisonsOf(value);
  if (!comparisons.length) throw invalid(`the filter on ${name} is not understood`);
  if (comparisons.some((comparison) => comparison[0] === 'not')) throw invalid('"not" is not supported');
  const text = TEXT_ATTRIBUTES[key];
  if (text)
    return comparisons.map((comparison) => textComparison(name, text.column, text.caseExact, comparison));
  if (key === 'id')
    return comparisons.map(([operator, id]) => {
      if (operator !== 'eq' || typeof id !== 'string') throw invalid('id takes eq and a string');
      return UUID.test(id) ? sql<SqlBool>`scim_users.id = ${id.toLowerCase()}` : sql<SqlBool>`false`;
    });
  if (key === 'active')
    return comparisons.map(([operator, active]) => {
      if (operator !== 'eq' || typeof active !== 'boolean')
        throw invalid('active takes eq and true or false');
      return sql<SqlBool>`scim_users.active = ${active}`;
    });
  throw invalid(`filtering on ${name} is not supported`);
}

/** The WHERE condition of a parsed filter (scimmy's Filter is an array of AND-groups). */
export function filterCondition(filter: readonly unknown[]): (eb: Builder) => Expression<SqlBool> {
  const groups = filter.map((group) => {
    if (!group || typeof group !== 'object') throw invalid('the filter is not understood');
    return Object.entries(group).flatMap(([name, value]) => attributeCondition(name, value));
  });
  return (eb) => eb.or(groups.map((conditions) => eb.and(conditions)));
}
