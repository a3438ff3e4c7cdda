// @ts-nocheck: this file runs in the browser, inlined into the report page as a classic script
// after Chart.js; tsc here has no DOM library, and the page's data is checked where it is built
// (charts.js). It draws every <canvas data-chart>, adds the 95% interval bars (a small
// Chart.js plugin: no extra dependency), and makes table headers sort their table. A block, not a
// function: its names stay out of the page's globals.
{
  const charts = JSON.parse(document.getElementById('chart-data').textContent);

  // Error bars from each dataset's lo/hi arrays, along the value axis, with end caps.
  const errorBars = {
    id: 'errorBars',
    afterDatasetsDraw(chart) {
      const ctx = chart.ctx;
      const horizontal = chart.options.indexAxis === 'y';
      const scale = horizontal ? chart.scales.x : chart.scales.y;
      let n = 0;
      chart.data.datasets.forEach((ds, d) => {
        const meta = chart.getDatasetMeta(d);
        if (meta.hidden || !ds.lo) return;
        ctx.save();
        ctx.strokeStyle = '#222';
        ctx.lineWidth = 1;
        meta.data.forEach((el, i) => {
          const lo = ds.lo[i];
          const hi = ds.hi[i];
          if (lo === null || hi === null || lo === undefined || hi === undefined) return;
          const a = scale.getPixelForValue(lo);
          const b = scale.getPixelForValue(hi);
          const c = horizontal ? el.y : el.x;
          const cap = 3;
          ctx.beginPath();
          if (horizontal) {
            ctx.moveTo(a, c);
            ctx.lineTo(b, c);
            ctx.moveTo(a, c - cap);
            ctx.lineTo(a, c + cap);
            ctx.moveTo(b, c - cap);
            ctx.lineTo(b, c + cap);
          } else {
            ctx.moveTo(c, a);
            ctx.lineTo(c, b);
            ctx.moveTo(c - cap, a);
            ctx.lineTo(c + cap, a);
            ctx.moveTo(c - cap, b);
            ctx.lineTo(c + cap, b);
          }
          ctx.stroke();
          n++;
        });
        ctx.restore();
      });
      // Tests read how many interval bars were drawn.
      chart.canvas.dataset.errorBars = String(n);
    },
  };
  // Tests look for this mark: the chart finished a render.
  const drawn = {
    id: 'drawn',
    afterRender(chart) {
      chart.canvas.dataset.drawn = 'yes';
    },
  };
  const tooltip = { callbacks: { label: (c) => c.dataset.tip?.[c.dataIndex] ?? '' } };

  const legend = { legend: { position: 'top' }, tooltip };
  const base = { animation: false, responsive: true, maintainAspectRatio: false };

  /** The Chart.js config of one chart of the page's data, by its kind. */
  const chartConfig = (c, datasets) => {
    if (c.kind === 'bar') {
      return {
        type: 'bar',
        data: { labels: c.labels, datasets },
        options: { ...base, indexAxis: 'y', scales: { x: { min: 0, suggestedMax: 1 } }, plugins: legend },
        plugins: [errorBars, drawn],
      };
    }
    if (c.kind === 'ecdf' || c.kind === 'rss') {
      // A start-up CDF (log x: ms) or RSS over a load (linear): numeric axes, both labelled.
      const ecdf = c.kind === 'ecdf';
      return {
        type: 'line',
        data: { datasets: datasets.map((d) => ({ ...d, pointRadius: ecdf ? 0 : 2, stepped: ecdf })) },
        options: {
          ...base,
          scales: {
            x: { type: ecdf ? 'logarithmic' : 'linear', title: { display: true, text: c.x } },
            y: {
              type: 'linear',
              min: ecdf ? 0 : undefined,
              max: ecdf ? 1 : undefined,
              title: { display: true, text: c.y },
            },
          },
          plugins: legend,
        },
        plugins: [drawn],
      };
    }
    if (c.kind === 'scaling' || c.kind === 'curve') {
      // Points on a numeric x: size in mb (log) for scaling, offered req/s (linear) for curves.
      const x = c.kind === 'scaling' ? { type: 'logarithmic', text: 'mb per call' } : { type: 'linear', text: c.x };
      const y = { type: 'logarithmic', title: { display: true, text: c.kind === 'scaling' ? c.unit : c.y } };
      return {
        type: 'line',
        data: { datasets },
        options: {
          ...base,
          scales: { x: { type: x.type, title: { display: true, text: x.text } }, y },
          plugins: legend,
        },
        plugins: [errorBars, drawn],
      };
    }
    return {
      type: 'line',
      data: { labels: c.labels, datasets },
      options: {
        ...base,
        scales: { y: { type: 'logarithmic', title: { display: true, text: 'ms' } } },
        plugins: legend,
      },
      plugins: [errorBars, drawn],
    };
  };

  for (const canvas of document.querySelectorAll('canvas[data-chart]')) {
    const c = charts[Number(canvas.dataset.chart)];
    const datasets = c.datasets.map((ds) => ({
      ...ds,
      backgroundColor: ds.color,
      borderColor: ds.color,
      borderDash: ds.dashed ? [6, 4] : [],
      pointRadius: 3,
    }));
    new Chart(canvas, chartConfig(c, datasets));
  }

  // Sortable tables: a header click sorts by that column (figures by data-v, else text);
  // a second click reverses. Rows keep their DOM nodes, so nothing is re-parsed.
  for (const table of document.querySelectorAll('table.sortable')) {
    const heads = [...table.tHead.rows[0].cells];
    heads.forEach((th, col) => {
      th.addEventListener('click', () => {
        const dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
        for (const h of heads) h.removeAttribute('aria-sort');
        th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');
        const body = table.tBodies[0];
        const key = (tr) => {
          const td = tr.cells[col];
          return td?.dataset.v !== undefined ? Number(td.dataset.v) : (td?.textContent ?? '');
        };
        const rows = [...body.rows].sort((a, b) => {
          const x = key(a);
          const y = key(b);
          if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
          if (typeof x === 'number') return -1;
          if (typeof y === 'number') return 1;
          return String(x).localeCompare(String(y), undefined, { numeric: true }) * dir;
        });
        body.append(...rows);
      });
    });
  }
}
