import { describe, expect, it } from 'vitest';
import { failureMessage } from './failure-message.ts';

describe('failureMessage', () => {
  it('puts the reason after the prefix', () => {
    expect(failureMessage('Nie udało się usunąć subskrypcji', '404: Nie znaleziono')).toBe(
      'Nie udało się usunąć subskrypcji: 404: Nie znaleziono',
    );
  });

  it('does not repeat a prefix the server already wrote', () => {
    expect(
      failureMessage(
        'Nie udało się połączyć z serwerem',
        'Nie udało się połączyć z serwerem SMTP: ECONNREFUSED',
      ),
    ).toBe('Nie udało się połączyć z serwerem SMTP: ECONNREFUSED');
    expect(failureMessage('Nie udało się wysłać wiadomości', 'nie udało się wysłać wiadomości: odmowa')).toBe(
      'nie udało się wysłać wiadomości: odmowa',
    );
  });
});
