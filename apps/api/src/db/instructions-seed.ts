/**
 * The demo's instruction pages (decisions D20): the program's how-to pages
 * for each tenant, in Markdown, written in D14's words so that what they
 * say about a figure is how the server counts it. Fixed text, so every
 * seed writes the same pages.
 */
import {
  MAILBACK_RATE_LIMIT,
  MAILBACK_UNUSED_LABEL_DAYS,
  MATERIALS,
  MAX_MAILBACK_ITEMS_PER_LINE,
  MAX_MAILBACK_PRODUCT_LINES,
  TENANT_CODES,
  type TenantCode,
} from '@collective/api-client/contract';
import type { SqlRunner } from './database';

/** A seeded page: its slug, title and Markdown, in list order. */
export interface SeedPage {
  slug: string;
  title: string;
  body: string;
}

const materialList = MATERIALS.map((m) => `- ${m.label}`).join('\n');

/** Who a tenant's pages speak to. */
const AUDIENCE: Record<TenantCode, string> = {
  pact: "the collective's member brands",
  kiehls: "Kiehl's stores",
};

/** The pages of one tenant, in order. */
export function seedPagesFor(tenant: TenantCode): readonly SeedPage[] {
  return [
    {
      slug: 'what-is-accepted',
      title: 'What is accepted',
      body: `The program takes back empty beauty packaging from the customers of ${AUDIENCE[tenant]}, through in-store bins, kiosks and consumer mail-back.

## Accepted

Empty containers of any brand, sorted at the warehouse into these materials:

${materialList}

Bottles, jars, tubes, pumps, caps and compacts are all welcome. Leave caps and pumps on: the warehouse separates them.

## Not accepted

- Containers that still hold product (more than a thin film): **empty them first**
- Aerosols, nail polish and nail polish remover
- Glass that is broken
- Batteries, electronics and appliances (hair dryers, razors)
- Medicines and anything with a hazard label

## Why it matters

Anything that is not packaging is weighed as **contamination** when a box is received. It raises the store's contamination rate and ends as residue: it is never recycled, so it lowers what the program can report as recycled.`,
    },
    {
      slug: 'packing-a-bin-box',
      title: 'Packing and shipping a bin box',
      body: `When a store's bin is full, its contents go to the collective's warehouse in a box.

1. Empty the bin into the lined shipping box. Do not add loose rubbish or the bin's liner if it is torn.
2. Fill gaps with more packaging, not paper or bubble wrap: packing material counts as contamination.
3. Close the box with tape on every seam. A box must stay under **23 kg** (50 lb).
4. Print the prepaid label from the store's shipping portal and stick it flat on the top. Cover any old label completely.
5. Hand the box to the carrier or book a pick-up. The tracking number is on the label.

## What happens next

The shipment shows in **Shipment Tracking** with its status: label created → in transit → delivered → received → sorted. At the warehouse the box is weighed (gross, tare, net and contamination) and sorted by material.

The weight you write on the label is the **declared weight**. It is never counted as collected: only the net weight the warehouse receives is.

> A shipment delivered and not received after 3 days, or in transit for more than 10 days, is flagged as needing attention. Ask the warehouse team before sending a second box.`,
    },
    {
      slug: 'mail-back-rules',
      title: 'Consumer mail-back rules',
      body: `Consumers who cannot reach a store ask for a free mail-back label on the public form at [/mail-back](/mail-back).

## What the form asks

Only what the label needs: name, email, postal address, and the products they will send (brand and count). At most ${MAX_MAILBACK_PRODUCT_LINES} product lines, and at most ${MAX_MAILBACK_ITEMS_PER_LINE} items of one brand.

## Limits

- One address or email may make at most ${MAILBACK_RATE_LIMIT} requests an hour.
- A label that is not used within ${MAILBACK_UNUSED_LABEL_DAYS} days counts as unused in the funnel.
- The same acceptance rules apply as in stores: see [What is accepted](/instructions?page=what-is-accepted).

## Personal data

Lists show names, emails and addresses masked. Revealing them on a submission's detail is recorded in the audit trail, and an admin can redact a submission: the personal data is erased, the weights are kept.

A received mail-back box becomes a shipment of the member whose products it declares, or of the collective.`,
    },
    {
      slug: 'uploading-g2-files',
      title: 'Uploading G2 files',
      body: `G2 is the periodic data file of a retail partner: collection weights per store and material, using the partner's own store ids. Collective admins upload it in **G2 Data Management**.

## The file

- CSV (UTF-8, comma separated, a header row) or XLSX (the first sheet)
- At most 50 MB and 500,000 rows
- One row per store, day and material, with these columns:

| Column | What it holds | Example |
|:--|:--|:--|
| Store id | The partner's own id of the store | \`KS-0142\` |
| Date | The collection day, \`YYYY-MM-DD\` | \`2026-10-31\` |
| Material | One of the program's materials | \`PP #5\` |
| Weight (kg) | The weight collected, above 0 | \`3.75\` |

No formulas, no merged cells, no links to other workbooks. The same file twice is refused.

## What happens to it

1. It is read and every row is checked: unknown store id, unknown material, weight of 0 or less or far from the store's history, a date outside the upload's period, a duplicate row.
2. The **validation report** lists each problem by row, column and value; download it as CSV to fix the file.
3. Nothing reaches the program's figures until an admin **commits** the upload. A committed upload can be **rolled back**.

Unknown store ids wait in **G2 Store Mappings** until they are tied to a program store; confirming a mapping checks the affected uploads again.`,
    },
    {
      slug: 'dashboard-figures',
      title: 'What each dashboard figure means',
      body: `Every screen uses the same words and the same definitions, so a figure is the same number wherever it shows. Brand users see their own member's figures; collective admins see the collective's or the member they choose.

## At a glance

| Figure | How it is counted |
|:--|:--|
| Collected this month | Net weight (gross − tare) received at the warehouse this month |
| Collected, last 12 months | The same, over the last twelve months |
| Units this month / last 12 months | Items of packaging in the shipments sent in those months |
| Active stores | Stores of the scope that are not deactivated |
| Shipments in transit | Shipments on their way with the carrier, not yet delivered |
| Recycled, last 12 months | The recycling rate of the material received in the last twelve months |

## The words behind them

- **Collected weight** is the *net received* weight, in the month the warehouse received it. The declared weight on a label never counts.
- **Recycling rate** = recycled + downcycled ÷ weight with a confirmed end-of-life outcome.
- **Diversion rate** = everything but landfill ÷ the same weight.
- **Contamination rate** = contamination ÷ (gross − tare).
- **Units** are items of packaging: weight ÷ the material's average unit weight, counted in the month a shipment was sent.

Weight that is received but not yet sorted, or sorted but not yet confirmed by a processor, is collected but has no outcome yet: it is not in the recycling rate until the processor's certificate confirms it.`,
    },
  ];
}

/** Writes every tenant's pages; `updated_by` stays empty (the seed wrote them). */
export async function seedInstructions(
  tx: SqlRunner,
  now: Date,
): Promise<number> {
  let written = 0;
  for (const tenant of TENANT_CODES) {
    for (const [index, page] of seedPagesFor(tenant).entries()) {
      await tx.query(
        `INSERT INTO instruction_pages (tenant, slug, title, body, position, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant, slug) DO NOTHING`,
        [tenant, page.slug, page.title, page.body, (index + 1) * 10, now],
      );
      written += 1;
    }
  }
  return written;
}
