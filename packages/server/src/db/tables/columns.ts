import type { ColumnType } from 'kysely';

// Column types the table files share.

/** A timestamp column that is always set. */
export type Timestamp = ColumnType<Date, Date, Date>;
/** A timestamp column that may be null; an insert may leave it out. */
export type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
