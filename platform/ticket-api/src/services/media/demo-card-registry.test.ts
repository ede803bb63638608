import { describe, expect, it } from 'vitest';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';

const testApp = useTestApp();

describe('the demo card registry', () => {
  it('issues a card of its own number and printed code that it then finds, active, and blocks it for an incident', async () => {
    const { demoCards, clock } = testApp.current;
    const issued = await demoCards.issueCard(
      LUMIERE_ID,
      { holderBirthDate: '2001-09-14', expiresOn: '2031-09-30' },
      clock.now(),
    );
    expect(issued).toEqual({
      number: expect.stringMatching(/^9\d{15}$/),
      providerId: 'lumiere-billettique',
      holderBirthDate: '2001-09-14',
      expiresOn: '2031-09-30',
      status: 'ACTIVE',
      incident: null,
      // Six capitals or digits none mistaken for another (decision 0036).
      printedCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{6}$/),
    });
    expect(await demoCards.findCard(LUMIERE_ID, issued.number)).toEqual(issued);
    // Another network does not know it.
    expect(await demoCards.findCard(102, issued.number)).toBeNull();

    const reportedAt = clock.now();
    await demoCards.reportIncident(LUMIERE_ID, issued.number, 'DAMAGED', reportedAt);
    clock.advanceMinutes(5);
    await demoCards.reportIncident(LUMIERE_ID, issued.number, 'LOST', clock.now());
    expect(await demoCards.findCard(LUMIERE_ID, issued.number)).toMatchObject({
      status: 'INCIDENT',
      incident: { kind: 'DAMAGED', reportedAt },
    });
  });

  it('reads the file’s cards, an empty status as none, and records loadings once each', async () => {
    const { demoCards } = testApp.current;
    expect(await demoCards.findCard(LUMIERE_ID, '2501000000000030')).toMatchObject({
      status: null,
      printedCode: null,
    });
    expect(await demoCards.findCard(103, '3101000000000001')).toMatchObject({ printedCode: 'MTQA5J' });
    expect(await demoCards.findCard(LUMIERE_ID, '2501000000000028')).toMatchObject({ status: 'BLOCKED' });
    const at = new Date('2026-11-24T08:00:00Z');
    await demoCards.recordLoading(LUMIERE_ID, '2501000000000002', 41, at);
    await demoCards.recordLoading(LUMIERE_ID, '2501000000000002', 41, new Date('2026-11-25T08:00:00Z'));
    expect(await demoCards.loadingsOf(LUMIERE_ID, '2501000000000002')).toEqual([
      { ticketId: 41, loadedAt: at },
    ]);
  });
});
