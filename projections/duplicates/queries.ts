import type { Sql } from '../../events';

export interface CandidateRow {
  prompt_id: number;
  status: string;
  signature: number[];
  applied_tx: string;
  applied_pos: number | string;
}

/** Where a reader of the candidates has got to: the last row's watermark it has seen. */
export interface CandidatesWatermark {
  tx: string;
  pos: number;
}

/** The candidates changed after `after` (all from the start), in the order they changed, at most `limit`. */
export async function candidatesChangedSince(sql: Sql, after: CandidatesWatermark | null, limit: number): Promise<CandidateRow[]> {
  return sql.query<CandidateRow>(
    `select prompt_id, status, signature, applied_tx::text as applied_tx, applied_pos from duplicate_candidates
     where ($1::text is null or (applied_tx, applied_pos) > ($1::text::xid8, $2::bigint))
     order by applied_tx, applied_pos limit $3`,
    [after?.tx ?? null, after?.pos ?? 0, limit],
  );
}
