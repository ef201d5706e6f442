import accessTokensCss from './accessTokens.css?raw';
import { adoptStyles } from '../adoptStyles.js';

// The token and service-account pages' styles arrive with their chunk (see adoptStyles).
adoptStyles(accessTokensCss);
