import onCallCss from './onCall.css?raw';
import { adoptStyles } from '../adoptStyles.js';

// The on-call page's and the policy editor's styles arrive with their chunk (see adoptStyles).
adoptStyles(onCallCss);
