/** The audit capability: a read model only (projections/audit); its contracts and routes. */
export * from './contracts';
