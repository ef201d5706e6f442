export { listHistorianTags, readSeries, type HistorianTag, type SeriesColumns } from './historianClient.js';
