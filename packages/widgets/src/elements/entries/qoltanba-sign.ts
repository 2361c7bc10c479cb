// Script-tag entry: `<script type="module" src=".../widgets/elements/qoltanba-sign.js">` defines this element only.
import { defineQoltanbaElement } from '../define-element';
import { signElement } from '../sign-element';

if (typeof customElements !== 'undefined') defineQoltanbaElement(signElement);
