import { readFileSync } from 'node:fs';
import internals from '@prisma/internals';
import pg from 'pg';
import { KIT_TABLES } from './migrate.js';

/**
 * Compares a migrated Postgres schema with the Prisma model (tables, columns, types, nullability,
 * primary and unique keys) and lists every difference. A service's drift test asserts the list is empty,
 * which catches a model change without a migration and a migration without a model change.
 * (Imported from '@gavel/service-kit/drift' so production code never loads @prisma/internals.)
 */
export async function schemaDrift(opts: {
  schemaFile: string;
  connectionString: string;
  schema: string;
}): Promise<string[]> {
  const dmmf = await internals.getDMMF({ datamodel: readFileSync(opts.schemaFile, 'utf8') });
  const enumDbNames = new Map(dmmf.datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const client = new pg.Client({ connectionString: opts.connectionString });
  await client.connect();
  try {
    const columns = await client.query<{
      table_name: string;
      column_name: string;
      udt_name: string;
      is_nullable: string;
    }>(
      `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = $1`,
      [opts.schema],
    );
    const keys = await client.query<{ table_name: string; contype: string; columns: string[] }>(
      `SELECT t.relname AS table_name, c.contype::text AS contype,
              array_agg(a.attname::text ORDER BY k.ord) AS columns
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
       WHERE n.nspname = $1 AND c.contype IN ('p', 'u')
       GROUP BY t.relname, c.conname, c.contype
       UNION ALL
       SELECT t.relname, 'u', array_agg(a.attname::text ORDER BY k.ord)
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
       WHERE n.nspname = $1 AND i.indisunique AND NOT i.indisprimary AND i.indpred IS NULL
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u', 'x'))
       GROUP BY t.relname, ic.relname`,
      [opts.schema],
    );

    const db = new Map<string, Map<string, { type: string; nullable: boolean }>>();
    for (const c of columns.rows) {
      if (KIT_TABLES.includes(c.table_name)) continue;
      const table = db.get(c.table_name) ?? new Map();
      table.set(c.column_name, { type: c.udt_name, nullable: c.is_nullable === 'YES' });
      db.set(c.table_name, table);
    }
    const dbKeys = new Set(keys.rows.map((k) => `${k.table_name}:${k.contype}:${k.columns.join(',')}`));

    const problems: string[] = [];
    const modelTables = new Set<string>();
    for (const model of dmmf.datamodel.models) {
      const tableName = model.dbName ?? model.name;
      modelTables.add(tableName);
      const table = db.get(tableName);
      if (!table) {
        problems.push(`table ${tableName} is in the model but not in the database`);
        continue;
      }
      const columnOf = new Map<string, string>();
      const modelColumns = new Set<string>();
      for (const field of model.fields) {
        if (field.kind === 'object') continue;
        const column = field.dbName ?? field.name;
        columnOf.set(field.name, column);
        modelColumns.add(column);
        const actual = table.get(column);
        if (!actual) {
          problems.push(`column ${tableName}.${column} is in the model but not in the database`);
          continue;
        }
        const expected = expectedType(field, enumDbNames);
        if (expected !== actual.type) {
          problems.push(
            `column ${tableName}.${column} is ${actual.type} in the database but ${expected} in the model`,
          );
        }
        // Prisma creates scalar lists as nullable arrays whatever the model says.
        if (!field.isList && actual.nullable === field.isRequired) {
          problems.push(
            `column ${tableName}.${column} is ${actual.nullable ? 'nullable' : 'NOT NULL'} in the database but ${field.isRequired ? 'required' : 'optional'} in the model`,
          );
        }
      }
      for (const column of table.keys()) {
        if (!modelColumns.has(column))
          problems.push(`column ${tableName}.${column} is in the database but not in the model`);
      }
      const cols = (fields: readonly string[]) => fields.map((f) => columnOf.get(f) ?? f).join(',');
      const idFields = model.primaryKey?.fields ?? model.fields.filter((f) => f.isId).map((f) => f.name);
      if (idFields.length && !dbKeys.has(`${tableName}:p:${cols(idFields)}`)) {
        problems.push(`primary key (${cols(idFields)}) of ${tableName} is missing in the database`);
      }
      const uniques = [
        ...model.uniqueFields.map((u) => [...u]),
        ...model.fields.filter((f) => f.isUnique).map((f) => [f.name]),
      ];
      for (const u of uniques) {
        if (!dbKeys.has(`${tableName}:u:${cols(u)}`)) {
          problems.push(`unique key (${cols(u)}) of ${tableName} is missing in the database`);
        }
      }
    }
    for (const table of db.keys()) {
      if (!modelTables.has(table)) problems.push(`table ${table} is in the database but not in the model`);
    }
    return problems;
  } finally {
    await client.end();
  }
}

type Field = { kind: string; type: string; isList: boolean; nativeType?: unknown };

/** The Postgres udt_name Prisma creates for a field. */
function expectedType(field: Field, enums: Map<string, string>): string {
  const list = field.isList ? '_' : '';
  if (field.kind === 'enum') return list + (enums.get(field.type) ?? field.type);
  const native = Array.isArray(field.nativeType) ? String(field.nativeType[0]) : null;
  if (native) {
    const nativeMap: Record<string, string> = {
      Uuid: 'uuid',
      Text: 'text',
      VarChar: 'varchar',
      Char: 'bpchar',
      Citext: 'citext',
      Timestamptz: 'timestamptz',
      Timestamp: 'timestamp',
      Date: 'date',
      Time: 'time',
      SmallInt: 'int2',
      Integer: 'int4',
      BigInt: 'int8',
      DoublePrecision: 'float8',
      Real: 'float4',
      Decimal: 'numeric',
      JsonB: 'jsonb',
      Json: 'json',
      Boolean: 'bool',
      Inet: 'inet',
    };
    return list + (nativeMap[native] ?? native.toLowerCase());
  }
  const scalarMap: Record<string, string> = {
    String: 'text',
    Int: 'int4',
    BigInt: 'int8',
    Float: 'float8',
    Decimal: 'numeric',
    Boolean: 'bool',
    DateTime: 'timestamp',
    Json: 'jsonb',
    Bytes: 'bytea',
  };
  return list + (scalarMap[field.type] ?? field.type.toLowerCase());
}
