import { makeEdge } from '@varde/core/contract';
import { demoBuilding, demoEquipment } from '../bim/ifc/demoBuilding.js';
import type { GraphStore } from '../graph/graphStore.js';
import { demoSites } from './demoSites.js';

/** The site whose controller runs the demo building (a "Kontorbygg" the admin and power user have). */
export function demoBimSite() {
  return demoSites()[9]!;
}

/**
 * Connections for the demo building: the air handler and the first storey's objects linked to tags
 * of the demo site, so the BIM page has something to show. The rest is left for users to connect.
 */
export async function seedDemoBim(graph: GraphStore): Promise<void> {
  const building = demoBuilding();
  const site = demoBimSite();
  const edges = demoEquipment(building)
    .filter((item) => building.storeys[0]!.equipment.includes(item))
    .map((item) =>
      makeEdge(
        { type: 'bim', 'BIM GUID': item.globalId, 'BIM Navn': item.name, 'BIM beskrivelse': item.description },
        { type: 'tag', controllerId: site.uuid, building: building.name, tag: item.tag, description: item.description, substation: '360' },
      ),
    );
  // The demo admin's partner (Fjordvarme) owns the demo building's model nodes, as it has the site.
  await graph.saveNodes(edges.flatMap((edge) => [edge.from_node, edge.to_node]), 'fjordvarme');
  await graph.saveEdges(edges.map((edge) => ({ uuid: edge.uuid, from_node: edge.from_node.uuid, to_node: edge.to_node.uuid, building: building.name })));
}
