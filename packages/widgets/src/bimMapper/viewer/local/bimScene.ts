/**
 * The 3D viewer's scene without a renderer: meshes per product (GlobalId in userData), materials by
 * IFC class, framing (zoomTo puts the object at the centre of the view with a clear line of sight),
 * picking by raycast (through see-through rooms, honouring section planes), highlight and section
 * planes. The viewer (viewer3d.ts) adds the WebGL renderer, controls and DOM; tests use this alone.
 */
import {
  AmbientLight,
  Box3,
  BufferAttribute,
  BufferGeometry,
  Color,
  DirectionalLight,
  DoubleSide,
  EdgesGeometry,
  GridHelper,
  Group,
  HemisphereLight,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  Plane,
  Raycaster,
  Scene,
  Sphere,
  Vector2,
  Vector3,
  type Intersection,
  type Material,
} from 'three';
import type { PickedObject, SectionMode } from '../viewerTypes.js';
import type { IfcProductMesh } from './ifcModel.js';
import type { LoadedModel } from './modelSet.js';
import { HIGHLIGHT_COLOR, isEnclosure, isSpace, styleOf } from './ifcStyle.js';

interface ProductData extends PickedObject {
  product: IfcProductMesh;
}

/** From the object towards the camera (x east, y up, z towards the viewer): tried in order until one sees the object. */
const VIEW_DIRECTIONS = [
  [0.55, 0.45, 1],
  [-0.55, 0.45, 1],
  [0.55, -0.45, 1],
  [-0.55, -0.45, 1],
  [0, 0.2, 1],
  [1, 0.3, 0.2],
  [-1, 0.3, 0.2],
  [0, 0.3, -1],
  [0, 1, 0.01],
  [0, -1, 0.01],
].map(([x, y, z]) => new Vector3(x, y, z).normalize());
const OVERVIEW_DIRECTION = new Vector3(0.75, 0.7, 1).normalize();
const MIN_ZOOM_DISTANCE = 3.5;

function productOf(mesh: Mesh): ProductData {
  return mesh.userData as ProductData;
}

export class BimScene {
  readonly scene = new Scene();
  readonly camera = new PerspectiveCamera(45, 1, 0.05, 5000);
  /** What the camera looks at (the orbit controls' target). */
  readonly target = new Vector3();
  /** The section planes (empty: none); the building's materials clip with them. */
  clippingPlanes: Plane[] = [];

  private groups = new Map<string, Group>();
  private meshes = new Map<string, Mesh>();
  private materials = new Map<string, Material>();
  private highlightSolid = new MeshLambertMaterial({ color: HIGHLIGHT_COLOR, emissive: new Color(HIGHLIGHT_COLOR).multiplyScalar(0.35) });
  private highlightSpace = new MeshLambertMaterial({ color: HIGHLIGHT_COLOR, transparent: true, opacity: 0.45, side: DoubleSide, depthWrite: false });
  private edgeMaterial = new LineBasicMaterial({ color: '#3d4650', transparent: true, opacity: 0.35 });
  private highlighted: Mesh | null = null;
  private section: { mode: SectionMode; position: number } = { mode: 'none', position: 0.5 };
  private raycaster = new Raycaster();
  private ground: GridHelper | null = null;

  /** The ground behind the building: light, or dark on the dark scheme (the widget's setLook). */
  setDark(dark: boolean): void {
    this.scene.background = new Color(dark ? '#1f272c' : '#e9eef3');
  }

  constructor() {
    this.setDark(false);
    this.scene.add(new HemisphereLight('#ffffff', '#b8bcc2', 1.6));
    this.scene.add(new AmbientLight('#ffffff', 0.35));
    const sun = new DirectionalLight('#ffffff', 1.4);
    sun.position.set(30, 60, 45);
    this.scene.add(sun);
    this.camera.position.set(20, 20, 30);
    this.camera.lookAt(this.target);
  }

  addModel(model: LoadedModel): void {
    const group = new Group();
    group.name = model.name;
    for (const product of model.data.products) {
      if (!product.globalId || this.meshes.has(product.globalId)) continue; // federated models may repeat an object
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(product.positions, 3));
      geometry.setAttribute('normal', new BufferAttribute(product.normals, 3));
      geometry.setIndex(new BufferAttribute(product.indices, 1));
      geometry.computeBoundingBox();
      geometry.computeBoundingSphere();
      const mesh = new Mesh(geometry, this.materialFor(product.ifcType));
      const data: ProductData = {
        globalId: product.globalId,
        name: product.name,
        description: product.description,
        ifcType: product.ifcType,
        modelId: model.id,
        product,
      };
      mesh.userData = data;
      mesh.add(new LineSegments(new EdgesGeometry(geometry, 30), this.edgeMaterial));
      group.add(mesh);
      this.meshes.set(product.globalId, mesh);
    }
    this.groups.set(model.id, group);
    this.scene.add(group);
    this.updateGround();
    this.updateSection();
  }

  setShown(modelId: string, shown: boolean): void {
    const group = this.groups.get(modelId);
    if (group) group.visible = shown;
    this.updateSection();
  }

  /** The model holding the object, if a loaded model does. */
  modelOf(globalId: string): string | null {
    const mesh = this.meshes.get(globalId);
    return mesh ? productOf(mesh).modelId : null;
  }

  isShown(modelId: string): boolean {
    return this.groups.get(modelId)?.visible ?? false;
  }

  /** Bounds of the shown models (empty when none). */
  bounds(): Box3 {
    const box = new Box3();
    for (const group of this.groups.values()) if (group.visible) box.expandByObject(group);
    return box;
  }

  setAspect(width: number, height: number): void {
    this.camera.aspect = width > 0 && height > 0 ? width / height : 1;
    this.camera.updateProjectionMatrix();
  }

  /** The whole of the shown models, seen from the front, a little from above. */
  frameAll(): void {
    const box = this.bounds();
    if (box.isEmpty()) return;
    const sphere = box.getBoundingSphere(new Sphere());
    this.place(sphere.center, OVERVIEW_DIRECTION, this.distanceFor(sphere.radius) * 1.05);
  }

  /**
   * Frames the object at the centre of the view, from the first direction with a clear line of
   * sight (a click at the centre then picks it). False when no loaded model has it.
   */
  zoomTo(globalId: string): boolean {
    const mesh = this.meshes.get(globalId);
    if (!mesh) return false;
    const sphere = mesh.geometry.boundingSphere!.clone();
    const distance = Math.max(this.distanceFor(sphere.radius) * 2.5, MIN_ZOOM_DISTANCE);
    const direction = VIEW_DIRECTIONS.find((candidate) => {
      this.place(sphere.center, candidate, distance);
      return this.pick(new Vector2(0, 0))?.globalId === globalId;
    });
    this.place(sphere.center, direction ?? VIEW_DIRECTIONS[0]!, distance);
    this.highlight(globalId);
    return true;
  }

  /**
   * The object under a point of the view (normalised device coordinates, -1..1, y up). Rooms are
   * see-through: a solid object behind one wins, unless it is the room's own floor or wall.
   */
  pick(ndc: Vector2): PickedObject | null {
    this.camera.updateMatrixWorld();
    this.raycaster.setFromCamera(ndc, this.camera);
    const shown = [...this.groups.values()].filter((group) => group.visible).flatMap((group) => group.children);
    const hits = this.raycaster
      .intersectObjects(shown, false)
      .filter((hit) => hit.object instanceof Mesh && this.clippingPlanes.every((plane) => plane.distanceToPoint(hit.point) >= 0));
    let room: Intersection | null = null;
    for (const hit of hits) {
      const type = productOf(hit.object as Mesh).ifcType;
      if (isSpace(type)) {
        room ??= hit;
        continue;
      }
      if (room && isEnclosure(type)) break;
      return this.picked(hit.object as Mesh);
    }
    return room ? this.picked(room.object as Mesh) : null;
  }

  highlight(globalId: string | null): void {
    if (this.highlighted) this.highlighted.material = this.materialFor(productOf(this.highlighted).ifcType);
    this.highlighted = globalId === null ? null : (this.meshes.get(globalId) ?? null);
    if (this.highlighted) this.highlighted.material = isSpace(productOf(this.highlighted).ifcType) ? this.highlightSpace : this.highlightSolid;
  }

  highlightedId(): string | null {
    return this.highlighted ? productOf(this.highlighted).globalId : null;
  }

  /** 'top' cuts down from the top, 'front' back from the front (+z); position 0 cuts nothing, 1 everything. */
  setSection(mode: SectionMode, position = this.section.position): void {
    this.section = { mode, position: Math.min(1, Math.max(0, position)) };
    this.updateSection();
  }

  dispose(): void {
    for (const mesh of this.meshes.values()) {
      mesh.geometry.dispose();
      for (const child of mesh.children) if (child instanceof LineSegments) child.geometry.dispose();
    }
    for (const material of [...this.materials.values(), this.highlightSolid, this.highlightSpace, this.edgeMaterial]) material.dispose();
    this.ground?.dispose();
    this.meshes.clear();
    this.groups.clear();
    this.scene.clear();
  }

  private picked(mesh: Mesh): PickedObject {
    const { globalId, name, description, ifcType, modelId } = productOf(mesh);
    return { globalId, name, description, ifcType, modelId };
  }

  /** A grid under the loaded models: a sense of ground and scale (1 m cells up to 50 m). */
  private updateGround(): void {
    const box = new Box3();
    for (const group of this.groups.values()) box.expandByObject(group);
    if (box.isEmpty()) return;
    const size = box.getSize(new Vector3());
    const extent = Math.ceil(Math.max(size.x, size.z) * 1.6);
    if (this.ground) {
      this.scene.remove(this.ground);
      this.ground.dispose();
    }
    this.ground = new GridHelper(extent, Math.min(extent, 50), '#b4bfca', '#d3dae1');
    this.ground.position.set((box.min.x + box.max.x) / 2, box.min.y - 0.01, (box.min.z + box.max.z) / 2);
    this.scene.add(this.ground);
  }

  private updateSection(): void {
    const { mode, position } = this.section;
    const box = this.bounds();
    if (mode === 'none' || box.isEmpty()) {
      this.clippingPlanes = [];
      this.clipMaterials();
      return;
    }
    // Kept where normal . p + constant >= 0: below the cut for 'top', behind it for 'front'.
    this.clippingPlanes =
      mode === 'top'
        ? [new Plane(new Vector3(0, -1, 0), box.max.y - position * (box.max.y - box.min.y))]
        : [new Plane(new Vector3(0, 0, -1), box.max.z - position * (box.max.z - box.min.z))];
    this.clipMaterials();
  }

  /** The building's materials clip (the ground grid does not): needs renderer.localClippingEnabled. */
  private clipMaterials(): void {
    for (const material of [...this.materials.values(), this.highlightSolid, this.highlightSpace, this.edgeMaterial]) {
      if ((material.clippingPlanes?.length ?? 0) !== this.clippingPlanes.length) material.needsUpdate = true; // another shader
      material.clippingPlanes = this.clippingPlanes;
    }
  }

  private distanceFor(radius: number): number {
    const vertical = (this.camera.fov * Math.PI) / 360;
    const horizontal = Math.atan(Math.tan(vertical) * this.camera.aspect);
    return radius / Math.sin(Math.min(vertical, horizontal));
  }

  private place(center: Vector3, direction: Vector3, distance: number): void {
    this.target.copy(center);
    this.camera.position.copy(center).addScaledVector(direction, distance);
    this.camera.near = Math.max(0.01, distance / 200);
    this.camera.far = Math.max(1000, distance * 20);
    this.camera.updateProjectionMatrix();
    this.camera.lookAt(center);
    this.camera.updateMatrixWorld();
  }

  private materialFor(ifcType: string): Material {
    const style = styleOf(ifcType);
    const key = `${style.color}/${style.opacity}`;
    let material = this.materials.get(key);
    if (!material) {
      material =
        style.opacity < 1
          ? // Pushed back a little: a room's floor lies on its slab and would flicker against it.
            new MeshLambertMaterial({ color: style.color, transparent: true, opacity: style.opacity, side: DoubleSide, depthWrite: false, polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1 })
          : new MeshLambertMaterial({ color: style.color });
      material.clippingPlanes = this.clippingPlanes;
      this.materials.set(key, material);
    }
    return material;
  }
}
