/**
 * The parts of ECharts the site draws with: bar and line charts with a title, tooltip, legend and grid, on canvas.
 * Registering only these keeps the chart chunk a third of the whole library's; a chart needing another part adds it
 * here. Loaded on demand (`import('…/lib/echarts.ts')`), never in a page's first load.
 */
import { init, use as register } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

register([BarChart, LineChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export { init };
