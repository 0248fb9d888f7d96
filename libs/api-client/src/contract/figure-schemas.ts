import * as v from 'valibot';

/*
 * Pieces of the program's figures that the screens' schemas share. Kept
 * out of common-schemas.ts, which the sign-in page loads at boot: only
 * the lazy screens' modules import this one.
 */

/**
 * A share from 0 to 1 in a JSON answer (0.62 is 62 %): a rate of D14, a
 * job's progress, a part of a year.
 */
export const ShareSchema = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
