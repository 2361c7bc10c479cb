import { describe, expect, it } from 'vitest';
import * as elements from './elements/index';
import * as widgets from './index';

describe('public entries', () => {
  // An added or removed export shows up in review through these lists.
  it('the React entry exports exactly this list', () => {
    expect(Object.keys(widgets).sort()).toMatchInlineSnapshot(`
      [
        "AttachCompanyForm",
        "AuthDialog",
        "CodeInput",
        "CompanySwitcher",
        "Icon",
        "LanguageSwitch",
        "LoginForm",
        "ProfileCard",
        "RecoveryForm",
        "RegistrationForm",
        "Snackbar",
        "lightTheme",
        "lightThemeTokens",
        "vars",
      ]
    `);
  });

  it('the custom-element entry exports exactly this list', () => {
    expect(Object.keys(elements).sort()).toMatchInlineSnapshot(`
      [
        "LANGUAGE_CHANGE_EVENT",
        "LANGUAGE_SWITCH_TAG",
        "adoptWidgetStyles",
        "defineQoltanbaElements",
        "elementDefinitions",
        "languageSwitchAttributes",
      ]
    `);
  });
});
