import {
  expect,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { apiJson, apiToken } from './support/api';
import { BRAND_ADMIN, DEMO_USERS } from './support/demo-accounts';
import { checkBothWidths } from './support/layout';
import { signInAt } from './support/sign-in-screen';

/** A platform admin: makes, ships and confirms a lot. */
const PLATFORM_ADMIN = DEMO_USERS.admin.email;

interface EolSummary {
  materials: { confirmed: Record<string, number> }[];
  recycling_rate: number;
}

/** Confirmed weight by outcome over every material, in kg. */
function confirmedByOutcome(summary: EolSummary): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const { confirmed } of summary.materials)
    for (const [outcome, kg] of Object.entries(confirmed))
      totals[outcome] = (totals[outcome] ?? 0) + kg;
  return totals;
}

/** The month of receipt the journey's rate is read for (the server's clock is UTC). */
const THIS_MONTH = new Date().toISOString().slice(0, 7);

interface ShipmentDetail {
  shipment: { id: number; member_id: number; version: number };
  receipt: { version: number } | null;
}

/**
 * Receives the first shipment of the receiving queue and sorts 300 kg of
 * it as PP #5, as the warehouse would (operations.spec walks those
 * screens); gives its tracking number and member.
 */
async function receivedAndSorted(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const queue = await apiJson<{
    shipments: { id: number; tracking_number: string }[];
  }>(request, '/api/warehouse/receiving?page_size=1', token);
  const first = queue.shipments[0];
  expect(first, 'a shipment waiting at the warehouse').toBeDefined();
  const { id, tracking_number } = first ?? { id: 0, tracking_number: '' };
  const read = await apiJson<ShipmentDetail>(
    request,
    `/api/shipments/${id}`,
    token,
  );
  const received = await request.post(`/api/shipments/${id}/receipt`, {
    headers,
    data: {
      gross: 512.5,
      tare: 12.5,
      contamination: 0,
      unit: 'kg',
      scale_id: 'E2E-SCALE',
      version: read.shipment.version,
    },
  });
  expect(received.status()).toBe(201);
  const receipt = ((await received.json()) as ShipmentDetail).receipt;
  const sorted = await request.put(`/api/shipments/${id}/lines`, {
    headers,
    data: {
      lines: [{ material: 'pp5', weight: 300 }],
      unit: 'kg',
      version: receipt?.version,
    },
  });
  expect(sorted.status()).toBe(200);
  return { tracking: tracking_number, memberId: read.shipment.member_id };
}

/** The recycling rate the screen states for the period. */
const rateText = (page: Page) =>
  page.getByText(/^Confirmed outcomes of the material received in the period/);

test.describe('EOL Processing', () => {
  test("a platform admin makes a lot of a shipment's material just received, ships and confirms it; the chain of custody names the shipment and the screen's recycling rate for the month becomes what D14 defines; axe clean at 1366 and 390 px", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const token = await apiToken(request, PLATFORM_ADMIN);
    const { tracking, memberId } = await receivedAndSorted(request, token);
    const before = await apiJson<EolSummary>(
      request,
      `/api/eol/summary?period=${THIS_MONTH}`,
      token,
    );
    const percent = (share: number) =>
      `recycling rate ${Math.round(share * 100)}%`;
    await signInAt(
      page,
      PLATFORM_ADMIN,
      `/eol-processing?period=${THIS_MONTH}`,
    );
    await expect(
      page.getByText(/Received .* = sorted .* \+ residue/),
    ).toBeVisible();
    await expect(rateText(page)).toContainText(percent(before.recycling_rate));
    await checkBothWidths(page, '/eol-processing', () =>
      expect(page.getByRole('form', { name: 'Make a lot' })).toBeVisible(),
    );

    // The member's whole PP #5 on hand: drawn oldest first, so the lot
    // takes the shipment's 300 kg too.
    const onHand = await apiJson<{
      on_hand: { material: string; on_hand_kg: number }[];
    }>(request, `/api/eol/on-hand?member_id=${memberId}`, token);
    const weight =
      onHand.on_hand.find((row) => row.material === 'pp5')?.on_hand_kg ?? 0;
    expect(weight).toBeGreaterThanOrEqual(300);
    const make = page.getByRole('form', { name: 'Make a lot' });
    const source = make.getByRole('combobox', { name: 'Material on hand' });
    await source.selectOption(`${memberId}:pp5`);
    await expect(source.locator('option:checked')).toHaveText(
      new RegExp(`: PP #5, ${weight} kg$`),
    );
    await make
      .getByRole('textbox', { name: 'Weight (kg)' })
      .fill(String(weight));
    const processor = make.getByRole('combobox', { name: 'Processor' });
    await expect(processor.getByRole('option')).not.toHaveCount(1);
    await processor.selectOption({ index: 1 });
    await make.getByRole('button', { name: 'Make the lot' }).click();

    const heading = page.getByRole('heading', { level: 2, name: /^Lot #\d+/ });
    await expect(heading).toBeFocused();
    const lotId = Number(
      /#(\d+)/.exec((await heading.textContent()) ?? '')?.[1],
    );
    const custody = page.getByRole('region', { name: 'Chain of custody' });
    await expect(custody.getByRole('link', { name: tracking })).toBeVisible();
    await checkBothWidths(page, 'an open lot', () =>
      expect(
        page.getByRole('button', { name: 'Mark as shipped' }),
      ).toBeVisible(),
    );
    await page.getByRole('button', { name: 'Mark as shipped' }).click();

    // Whichever way moves the rate: downcycled counts as recycled (D14), landfill does not.
    const outcome = before.recycling_rate < 0.5 ? 'downcycled' : 'landfill';
    const confirm = page.getByRole('form', { name: 'Confirm the lot' });
    await confirm
      .getByRole('combobox', { name: 'Outcome' })
      .selectOption(outcome);
    await confirm
      .getByRole('textbox', { name: 'Certificate reference' })
      .fill(`COD-E2E-${Date.now()}`);
    await confirm
      .getByRole('textbox', { name: 'Confirmed weight (kg)' })
      .fill(String(Math.floor(weight * 0.98)));
    await confirm.getByRole('button', { name: 'Confirm the lot' }).click();
    await expect(page.getByText('Confirmed by the processor')).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await checkBothWidths(page, 'a confirmed lot', () =>
      expect(page.getByText('Confirmed by the processor')).toBeVisible(),
    );

    // D14: recycled + downcycled ÷ weight with a confirmed outcome, of the
    // material received this month; the lot counts what it drew (0080).
    const lot = await apiJson<{
      sources: { received_at: string | null; weight_kg: number }[];
    }>(request, `/api/eol/lots/${lotId}`, token);
    const drawn = lot.sources
      .filter((s) => s.received_at?.startsWith(THIS_MONTH))
      .reduce((sum, s) => sum + s.weight_kg, 0);
    expect(drawn).toBeGreaterThanOrEqual(300);
    const was = confirmedByOutcome(before);
    const all = Object.values(was).reduce((sum, kg) => sum + kg, 0) + drawn;
    const recycled =
      (was['recycled'] ?? 0) +
      (was['downcycled'] ?? 0) +
      (outcome === 'downcycled' ? drawn : 0);
    const expected = recycled / all;
    const after = await apiJson<EolSummary>(
      request,
      `/api/eol/summary?period=${THIS_MONTH}`,
      token,
    );
    expect(after.recycling_rate).toBeCloseTo(expected, 3);

    await page.goto(`/eol-processing?period=${THIS_MONTH}`);
    await expect(rateText(page)).toContainText(percent(expected));
    expect(percent(expected)).not.toBe(percent(before.recycling_rate));
  });

  test('a brand admin reads the figures and the lots of their member without any write control, axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAt(page, BRAND_ADMIN.email, '/eol-processing');
    await expect(page.getByText(/Received .* = sorted/)).toBeVisible();
    await expect(page.getByRole('table', { name: /lots/ })).toBeVisible();
    await expect(page.getByRole('form')).toHaveCount(0);
    await checkBothWidths(page, "Kiehl's end-of-life processing", () =>
      expect(page.getByRole('table', { name: /lots/ })).toBeVisible(),
    );

    const first = page.getByRole('link', { name: /^#\d+$/ }).first();
    await first.click();
    const readOnly = page.getByText(
      'Only collective admins make, ship and confirm lots.',
    );
    await expect(readOnly).toBeVisible();
    await expect(
      page.getByRole('button', { name: /Mark as shipped|Confirm the lot/ }),
    ).toHaveCount(0);
    await checkBothWidths(page, "a Kiehl's lot", () =>
      expect(readOnly).toBeVisible(),
    );
  });
});
