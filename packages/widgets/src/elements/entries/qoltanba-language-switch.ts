// Script-tag entry: `<script type="module" src=".../widgets/elements/qoltanba-language-switch.js">` defines this element only.
import { defineQoltanbaElement } from '../define-element';
import { languageSwitchElement } from '../language-switch-element';

if (typeof customElements !== 'undefined') defineQoltanbaElement(languageSwitchElement);
