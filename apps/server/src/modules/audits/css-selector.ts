// The page audit's selectors: the engine's algorithm (@altwise/engine/markup), which `altwise monitor
// fixes` also runs on a page's source file to find the element again.
import type { SelectorIndex as EngineSelectorIndex } from '@altwise/engine/markup';
import { cssSelectorOf as engineSelectorOf } from '@altwise/engine/markup';
import type { Element } from './html-tree';
import { parentElement } from './html-tree';

/** What the page walk (page-images.ts) learns once for every element, so a selector is map reads only. */
export type SelectorIndex = EngineSelectorIndex<Element>;

export const cssSelectorOf = (element: Element, index: SelectorIndex): string => engineSelectorOf(element, index, parentElement);
