import { describe, expect, it } from 'vitest';
import { builtInOf, builtInValues, templateVariables } from '../../modules/prompts/contracts';
import { expectAnswers } from '../support/answers';

/** Built-in variables fill themselves: Open WebUI's names, PromptHub's and LibreChat's spellings. */
describe('built-in variables', () => {
  // Friday 27 November 2026, 23:30 in Hong Kong (15:30 UTC).
  const context = { now: new Date('2026-11-27T15:30:00Z'), timeZone: 'Asia/Hong_Kong', language: 'zh-HK', userName: 'Mei', clipboard: 'copied text' };

  it("knows Open WebUI's names and the other tools' spellings, case aside; any other name is an ordinary variable", () => {
    expectAnswers(builtInOf, [
      ['CURRENT_DATE', 'CURRENT_DATE'],
      ['current_date', 'CURRENT_DATE'],
      ['current_user', 'USER_NAME'],
      ['iso_datetime', 'CURRENT_DATETIME'],
      ['CURRENT_YEAR', 'CURRENT_YEAR'],
      ['城市', null],
      ['date', null],
    ]);
  });

  it("fills today's date and time where the person is, their name, their language and the clipboard", () => {
    const names = templateVariables(
      'On {{CURRENT_DATE}} at {{CURRENT_TIME}} ({{CURRENT_WEEKDAY}}), {{USER_NAME}} in {{USER_LANGUAGE}} asks about {{CLIPBOARD}} in {{城市}}',
    ).map((v) => v.name);
    expect(builtInValues(names, context)).toEqual({
      CURRENT_DATE: '2026-11-27',
      CURRENT_TIME: '23:30',
      CURRENT_WEEKDAY: '星期五',
      USER_NAME: 'Mei',
      USER_LANGUAGE: 'zh-HK',
      CLIPBOARD: 'copied text',
    });
  });

  it('leaves for the person what the context does not have: no clipboard, a visitor without a name', () => {
    expect(builtInValues(['CLIPBOARD', 'USER_NAME', 'current_datetime'], { ...context, clipboard: null, userName: null })).toEqual({
      current_datetime: '2026-11-27 23:30',
    });
  });
});
