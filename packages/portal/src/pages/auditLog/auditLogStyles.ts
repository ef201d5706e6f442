import auditLogCss from './auditLog.css?raw';
import { adoptStyles } from '../adoptStyles.js';

// The audit log page's styles arrive with its chunk (see adoptStyles), never in the first paint.
adoptStyles(auditLogCss);
