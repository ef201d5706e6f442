import { DEFAULT_FUNCTION_REQUIREMENTS, DEFAULT_FUNCTION_SOURCE, type Mapping, type TagMapping } from '@varde/core/contract';
import { partnerOfUser } from '../partners/partnerScope.js';
import type { CloudContext } from '../context.js';
import type { FunctionStore } from '../faas/functionStore.js';
import type { MappingStore } from '../mappings/mappingStore.js';
import { demoUid } from './demoSeed.js';
import { demoSites, stableUuid } from './demoSites.js';
import { VENDOR_STYLE_FUNCTION_NAME, vendorStyleFunctionSource } from './vendorStyleFunction.js';

/** A second demo function: small, no service calls, so a first run always succeeds. */
const HELLO_SOURCE = `def main(request):
    """Greets whoever is named in the request."""
    name = request.get("name", "world")
    print("Hello, %s!" % name)
    return {"greeting": "Hello, %s!" % name}
`;

const meaning = (mapping: string, title: string, type: string) => ({ title, type, uuid: stableUuid(`meaning:${mapping}:${title}`) });

/** Demo mappings: what a cloud app needs to know about a site, as meanings. */
export const DEMO_MAPPINGS: Mapping[] = [
  {
    uuid: stableUuid('mapping:ventilation'),
    title: 'Ventilation optimiser',
    description: 'Adjusts supply air to room temperature and CO2.',
    meanings: [
      meaning('ventilation', 'Room temperature', 'input'),
      meaning('ventilation', 'Outdoor temperature', 'input'),
      meaning('ventilation', 'CO2', 'input'),
      meaning('ventilation', 'Supply fan speed', 'output'),
      meaning('ventilation', 'Interval (minutes)', 'parameter'),
    ],
    cause: { no: 'Høy CO2 eller romtemperatur i brukstiden', en: 'High CO2 or room temperature in occupied hours' },
    consequence: { no: 'Dårlig inneklima og høyere energibruk', en: 'Poor indoor climate and higher energy use' },
    level: 'B',
    ratings: { comfort: 4, energy: 3, operation: 2 },
    cypher_query: null,
  },
  {
    uuid: stableUuid('mapping:heating'),
    title: 'Heating curve',
    description: 'Shifts the heating curve on district heating pressure and the outdoor forecast.',
    meanings: [
      meaning('heating', 'District heating pressure', 'input'),
      meaning('heating', 'Heating valve', 'output'),
      meaning('heating', 'Energy meter', 'input'),
      meaning('heating', 'Interval (minutes)', 'parameter'),
    ],
    cause: { no: 'Varmekurven passer ikke utetemperaturen', en: 'The heating curve does not fit the outdoor temperature' },
    consequence: { no: 'For varmt eller for kaldt, og bortkastet fjernvarme', en: 'Too warm or too cold, and wasted district heating' },
    level: 'C',
    ratings: { comfort: 3, energy: 5, operation: 3 },
    cypher_query: 'MATCH (v:Valve)-[:SERVES]->(c:HeatingCircuit) RETURN v, c',
  },
];

const TAGS_BY_MEANING: Record<string, string> = {
  'Room temperature': 'RT401',
  'Outdoor temperature': 'RT901',
  CO2: 'QT701',
  'Supply fan speed': 'FT401',
  'District heating pressure': 'PT501',
  'Heating valve': 'SB401',
  'Energy meter': 'OE001',
};

/**
 * Three functions (the new-function template as `room-average`, `hello`, and `temperature-mean` in the
 * vendor library's style) and two mappings with
 * tables for the first demo sites (which the admin, power user and system admin have). The last
 * table of each mapping leaves its last meaning unmapped and is inactive.
 */
export async function seedDemoFunctionsAndMappings(ctx: CloudContext, functions: FunctionStore, mappings: MappingStore): Promise<void> {
  const by = demoUid('admin');
  // The admin's partner owns the demo's functions and mappings (the sites they touch are the admin's).
  const partner = await partnerOfUser(ctx, by);
  const sites = demoSites().slice(0, 4);
  await functions.save(partner, 'room-average', {
    description: 'Averages a room temperature over the last 24 hours and writes the average back.',
    requirements: DEFAULT_FUNCTION_REQUIREMENTS,
    source: DEFAULT_FUNCTION_SOURCE,
  }, {}, by);
  await functions.save(partner, 'hello', { description: 'Says hello.', requirements: '', source: HELLO_SOURCE }, {}, by);
  await functions.save(partner, VENDOR_STYLE_FUNCTION_NAME, {
    description: "Reads 6 h of a room temperature, looks the tag up and writes the mean back, as functions for the vendor's cloud do.",
    requirements: '',
    source: vendorStyleFunctionSource(sites[0]!.uuid),
  }, {}, by);

  for (const mapping of DEMO_MAPPINGS) {
    await mappings.createMapping(mapping, partner);
    for (const [index, site] of sites.entries()) {
      const last = index === sites.length - 1;
      const tagMappings: TagMapping[] = mapping.meanings
        .filter((item) => item.type !== 'parameter')
        .slice(0, last ? -1 : undefined)
        .map((item) => ({ 'meaning-uuid': item.uuid, 'controller-id': site.uuid, tag: TAGS_BY_MEANING[item.title] ?? '' }));
      await mappings.putTable(mapping.uuid, stableUuid(`table:${mapping.uuid}:${site.uuid}`), {
        title: site.name,
        active: !last,
        'tag-mappings': tagMappings,
        parameters: mapping.meanings.filter((item) => item.type === 'parameter').map((item) => ({ 'meaning-uuid': item.uuid, value: 15 })),
      }, null);
    }
  }
}
