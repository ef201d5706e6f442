import { modelTree, type MlSelection, type ModelTreeNode } from '@varde/core';
import type { AnomalyModel } from '@varde/core/contract';
import { Icon } from './icons.js';
import { StatusChip } from './StatusChip.js';

interface ModelTreeProps {
  models: AnomalyModel[];
  selection: MlSelection | null;
  onSelect(selection: MlSelection): void;
}

/** The tree navigator: folders from the model names (split on /), each model's versions beneath it. */
export function ModelTree({ models, selection, onSelect }: ModelTreeProps) {
  return (
    <ul className="varde-ml-explorer__tree" role="tree" part="tree">
      {modelTree(models).map((node) => <TreeNode key={nodeKey(node)} node={node} selection={selection} onSelect={onSelect} />)}
    </ul>
  );
}

function nodeKey(node: ModelTreeNode): string {
  return node.kind === 'folder' ? `folder:${node.path}` : node.model.model_id;
}

function TreeNode({ node, selection, onSelect }: { node: ModelTreeNode; selection: MlSelection | null; onSelect(selection: MlSelection): void }) {
  if (node.kind === 'folder') {
    return (
      <li role="treeitem" aria-expanded="true" className="varde-ml-explorer__folder">
        <span className="varde-ml-explorer__folder-name"><Icon name="folder" />{node.name}</span>
        <ul role="group">
          {node.children.map((child) => <TreeNode key={nodeKey(child)} node={child} selection={selection} onSelect={onSelect} />)}
        </ul>
      </li>
    );
  }
  const { model } = node;
  const modelSelected = selection?.kind === 'model' && selection.modelId === model.model_id;
  return (
    <li role="treeitem" aria-expanded={model.versions.length > 0 ? true : undefined} aria-selected={modelSelected}>
      <button type="button" className="varde-ml-explorer__node" data-model-id={model.model_id} data-selected={modelSelected || undefined}
        onClick={() => onSelect({ kind: 'model', modelId: model.model_id })}>
        <Icon name="cpu" />
        <span className="varde-ml-explorer__node-name">{node.name}</span>
      </button>
      {model.versions.length > 0 ? (
        <ul role="group">
          {model.versions.map((version) => {
            const selected = selection?.kind === 'version' && selection.versionId === version.version_id;
            return (
              <li key={version.version_id} role="treeitem" aria-selected={selected}>
                <button type="button" className="varde-ml-explorer__node varde-ml-explorer__node--version" data-version-id={version.version_id}
                  data-selected={selected || undefined}
                  onClick={() => onSelect({ kind: 'version', modelId: model.model_id, versionId: version.version_id })}>
                  <span className="varde-ml-explorer__node-name">{version.name}</span>
                  <StatusChip status={version.status} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}
