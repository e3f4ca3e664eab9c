// How many distinct rows one part of a job sends: the one rule a run from the menu or the sidebar
// and an automated run both follow.
import { min } from '../base/numbers';
import { PART_SIZE, type ActionId } from './action-catalog';

/**
 * Distinct rows per part: the action's own size, or fewer when the script property
 * `prospecting.partSize` says so (`setting`: a deployment may want smaller requests; tests use it
 * to exercise many parts on small sheets). Never more than the action allows.
 */
export const partSizeFor = (action: ActionId, setting: number | undefined): number => min(setting ?? PART_SIZE[action], PART_SIZE[action]);
