import directorySyncCss from './directorySync.css?raw';
import { adoptStyles } from '../adoptStyles.js';
import '../accessTokens/accessTokensStyles.js';

// The page's styles arrive with its chunk (see adoptStyles), with the token pages' it builds on.
adoptStyles(directorySyncCss);
