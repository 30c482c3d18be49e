import { PRODUCT_NAME } from '../../modules/prompts/contracts';

/** True when a prompt is the house's own (its author name equals the product name). */
export function isHouseAuthor(authorName: string): boolean {
  return authorName.trim().toLowerCase() === PRODUCT_NAME.toLowerCase();
}

/**
 * The name shown after "by": the product's own prompts read "by Promptory"; a prompt whose
 * author deleted their account has no author name left and reads `deletedLabel` ("Deleted user").
 */
export function displayAuthor(authorName: string, deletedLabel: string): string {
  return isHouseAuthor(authorName) ? PRODUCT_NAME : authorName.trim() || deletedLabel;
}
