import { describe, expect, it } from 'vitest';
import { frenchSpacingFaults } from './french-spacing.ts';

describe('French spacing before : ; ? !', () => {
  it('takes a narrow or full no-break space before each mark', () => {
    expect(frenchSpacingFaults('Ticket 1 voyage\u202f: 1,90\u00a0€')).toEqual([]);
    expect(frenchSpacingFaults('Motif\u00a0: {{message}}\u202f; merci\u202f! Prêt\u202f?')).toEqual([]);
  });

  it('reports a mark after an ordinary space or none', () => {
    expect(frenchSpacingFaults('Ticket 1 voyage : 1,90 €')).toEqual(['Ticket 1 voyage :']);
    expect(frenchSpacingFaults('Activer ce titre ?')).toEqual(['Activer ce titre ?']);
    expect(frenchSpacingFaults('Merci!')).toEqual(['Merci!']);
  });

  it('leaves addresses, times, placeholders and a doubled mark alone', () => {
    expect(frenchSpacingFaults('Voir https://shop.example/a?b=c et mailto:x@y.fr')).toEqual([]);
    expect(frenchSpacingFaults('Ouvert de 7:30 à 18:00')).toEqual([]);
    expect(frenchSpacingFaults('{network}\u202f: {{count}} $t(shell.nav.shop)')).toEqual([]);
    expect(frenchSpacingFaults('Vraiment\u202f?!')).toEqual([]);
  });
});
