import { ConvertTool } from './convert-tool';
import { HtmlToImage } from './html-to-image';
import { TabPanel, ToolTabs, useTabParam } from './tool-tabs';

const TABS = [
  { id: 'images', label: 'Convert images' },
  { id: 'html', label: 'HTML to image' },
] as const;

/** The Convert screen: image formats, and HTML rendered to a picture. Switching tabs drops the other tab's result. */
export function ConvertScreen() {
  const [tab, setTab] = useTabParam(TABS);
  return (
    <>
      <ToolTabs tabs={TABS} current={tab} onSelect={setTab} label="Convert tools" />
      <TabPanel id={tab}>{tab === 'html' ? <HtmlToImage /> : <ConvertTool />}</TabPanel>
    </>
  );
}
