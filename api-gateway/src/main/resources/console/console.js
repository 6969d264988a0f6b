/*
 * The operators' console (decision 076). Plain script, no framework: a handful of tables, cards and SVG charts over
 * the /admin JSON API. The operator token lives in this tab's sessionStorage only and goes out as an Authorization
 * header to this service; it is never put in a URL, a log or the page. Every text from the service is set with
 * textContent (never parsed as HTML).
 */
'use strict';

(function () {
  const CHAVE_DO_TOKEN = 'console.tokenDeOperador';
  const INTERVALO_PROCESSADORES = 2000;
  const INTERVALO_LENTO = 10000;
  const LOJAS_POR_PAGINA = 100;
  const numero = new Intl.NumberFormat('pt-BR');
  const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
  const porcento = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
  const horaFmt = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const dataHoraFmt = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });

  const estado = {
    aba: 'processadores',
    temporizadores: [],
    nos: [],
    lojas: new Map(),
    totalDeLojas: 0,
    consultaDeLojas: 0,
    lojaSelecionada: null,
    nomeDaLojaSelecionada: null,
    consultaDeEntregas: 0,
    consultaDaLoja: 0,
    ritmos: new Map()
  };

  // ---------- small helpers ----------

  function $(id) { return document.getElementById(id); }

  /** An element with properties (class, text, attributes, on<evento> handlers) and children. */
  function h(tag, props, ...filhos) {
    const el = document.createElement(tag);
    for (const [chave, valor] of Object.entries(props || {})) {
      if (valor === undefined || valor === null || valor === false) continue;
      if (chave === 'class') el.className = valor;
      else if (chave === 'text') el.textContent = valor;
      else if (chave.startsWith('on')) el.addEventListener(chave.substring(2), valor);
      else el.setAttribute(chave, valor === true ? '' : valor);
    }
    for (const filho of filhos.flat()) {
      if (filho === null || filho === undefined || filho === false) continue;
      el.append(filho instanceof Node ? filho : document.createTextNode(String(filho)));
    }
    return el;
  }

  function svg(tag, atributos) {
    const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const [chave, valor] of Object.entries(atributos || {})) el.setAttribute(chave, valor);
    return el;
  }

  function limpar(el) { while (el.firstChild) el.removeChild(el.firstChild); return el; }

  function fmtNumero(n) { return n === null || n === undefined ? '—' : numero.format(n); }

  function fmtDuracao(segundos) {
    if (segundos === null || segundos === undefined || !isFinite(segundos)) return '—';
    segundos = Math.max(0, Math.round(segundos));
    if (segundos < 60) return segundos + ' s';
    const min = Math.floor(segundos / 60);
    if (min < 60) return min + ' min ' + (segundos % 60) + ' s';
    const horas = Math.floor(min / 60);
    if (horas < 48) return horas + ' h ' + (min % 60) + ' min';
    return Math.floor(horas / 24) + ' dias';
  }

  function fmtQuando(iso) {
    if (!iso) return 'nunca';
    const quando = new Date(iso);
    const segundos = (Date.now() - quando.getTime()) / 1000;
    if (segundos < 0) return 'em ' + fmtDuracao(-segundos);
    if (segundos < 5) return 'agora';
    return 'há ' + fmtDuracao(segundos);
  }

  function quando(iso) {
    return h('span', { title: iso ? dataHoraFmt.format(new Date(iso)) : '', text: fmtQuando(iso) });
  }

  function selo(texto, tipo) { return h('span', { class: 'estado ' + tipo, text: texto }); }

  function curto(id) { return id && id.length > 12 ? id.substring(0, 8) + '…' : id; }

  function aviso(texto, tipo) {
    const el = $('aviso');
    el.textContent = texto || '';
    el.className = 'mensagem' + (tipo ? ' ' + tipo : '');
  }

  // ---------- the API ----------

  class ErroDaApi extends Error {
    constructor(status, mensagem) { super(mensagem); this.status = status; }
  }

  function token() { return sessionStorage.getItem(CHAVE_DO_TOKEN); }

  async function api(metodo, caminho, corpo, tokenExplicito) {
    const cabecalhos = { 'Authorization': 'Bearer ' + (tokenExplicito || token()), 'Accept': 'application/json' };
    const opcoes = { method: metodo, headers: cabecalhos, cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer' };
    if (corpo !== undefined) {
      cabecalhos['Content-Type'] = 'application/json';
      opcoes.body = JSON.stringify(corpo);
    }
    let resposta;
    try {
      resposta = await fetch(caminho, opcoes);
    } catch (e) {
      throw new ErroDaApi(0, 'O serviço não respondeu; verifique a conexão.');
    }
    const texto = await resposta.text();
    let dados = null;
    if (texto) {
      try { dados = JSON.parse(texto); } catch (e) { dados = null; }
    }
    if (resposta.status === 401 && !tokenExplicito) {
      sair('O token de operador foi recusado; entre de novo.');
    }
    if (!resposta.ok) {
      const mensagem = dados && dados.erro ? dados.erro : 'O serviço respondeu ' + resposta.status + '.';
      throw new ErroDaApi(resposta.status, resposta.status === 429 ? 'Cota do operador esgotada: ' + mensagem : mensagem);
    }
    return dados;
  }

  // ---------- signing in and out ----------

  async function entrar(evento) {
    evento.preventDefault();
    const campo = $('token');
    const valor = campo.value.trim();
    $('erro-entrada').textContent = '';
    if (!valor) {
      $('erro-entrada').textContent = 'Informe o token.';
      return;
    }
    $('entrar').disabled = true;
    try {
      const projecoes = await api('GET', '/admin/projecoes', undefined, valor);
      sessionStorage.setItem(CHAVE_DO_TOKEN, valor);
      campo.value = '';
      mostrarConsole(projecoes);
    } catch (e) {
      $('erro-entrada').textContent = e.status === 401
        ? 'Token recusado: não é o token de operador deste serviço.'
        : e.message;
    } finally {
      $('entrar').disabled = false;
    }
  }

  function sair(motivo) {
    sessionStorage.removeItem(CHAVE_DO_TOKEN);
    parar();
    $('console').hidden = true;
    $('sair').hidden = true;
    $('resumo').textContent = '';
    $('entrada').hidden = false;
    $('erro-entrada').textContent = motivo || '';
    $('token').focus();
  }

  function mostrarConsole(projecoes) {
    $('entrada').hidden = true;
    $('console').hidden = false;
    $('sair').hidden = false;
    abrirAba(estado.aba, projecoes);
  }

  function parar() {
    estado.temporizadores.forEach(clearInterval);
    estado.temporizadores = [];
  }

  function repetir(funcao, intervalo) {
    estado.temporizadores.push(setInterval(() => {
      if (!document.hidden && token()) funcao();
    }, intervalo));
  }

  function abrirAba(aba, projecoes) {
    estado.aba = aba;
    parar();
    aviso('');
    document.querySelectorAll('.aba').forEach(b => b.classList.toggle('ativa', b.dataset.aba === aba));
    document.querySelectorAll('.secao').forEach(s => { s.hidden = s.dataset.secao !== aba; });
    if (aba === 'processadores' || aba === 'reconstrucoes') {
      if (projecoes) mostrarProjecoes(projecoes); else carregarProjecoes();
      repetir(carregarProjecoes, INTERVALO_PROCESSADORES);
    } else if (aba === 'webhooks') {
      carregarWebhooks();
      repetir(carregarWebhooks, INTERVALO_LENTO);
    } else if (aba === 'lojas') {
      carregarLojas();
      repetir(() => {
        if (estado.lojaSelecionada && !document.querySelector('#detalhe-loja .confirmar')) carregarUso(estado.lojaSelecionada);
      }, INTERVALO_LENTO);
    } else if (aba === 'graficos') {
      carregarGraficos();
      repetir(carregarGraficos, INTERVALO_LENTO);
    }
  }

  // ---------- nodes and processors ----------

  async function carregarProjecoes() {
    try {
      mostrarProjecoes(await api('GET', '/admin/projecoes'));
    } catch (e) {
      if (e.status !== 401) aviso('Não foi possível ler os processadores: ' + e.message, 'erro');
    }
  }

  function corDoNo(id) {
    const i = estado.nos.indexOf(id);
    return i < 0 ? 'cor-livre' : 'cor-' + (i % 6);
  }

  function nomeDoNo(id) {
    const i = estado.nos.indexOf(id);
    return i < 0 ? id : 'Nó ' + (i + 1);
  }

  function mostrarProjecoes(dados) {
    estado.nos = dados.nos.map(n => n.id);
    $('resumo').textContent = numero.format(dados.nos.length) + (dados.nos.length === 1 ? ' nó' : ' nós')
      + ' em execução · respondido por ' + nomeDoNo(dados.no);
    const porNo = new Map();
    for (const p of dados.projecoes) {
      for (const s of p.segmentos) if (s.dono) porNo.set(s.dono, (porNo.get(s.dono) || 0) + 1);
    }
    const corpoNos = limpar($('tabela-nos').tBodies[0]);
    for (const n of dados.nos) {
      corpoNos.append(h('tr', { class: n.id === dados.no ? 'destaque' : null, 'data-no': n.id },
        h('td', {}, h('span', { class: 'segmento' }, h('span', { class: 'ponto ' + corDoNo(n.id) }), nomeDoNo(n.id)), ' ',
          h('span', { class: 'id', text: n.id }), n.id === dados.no ? h('span', { class: 'detalhe', text: ' (este nó)' }) : null),
        h('td', {}, quando(n.desde)),
        h('td', {}, quando(n.vistoEm)),
        h('td', { class: 'num', text: fmtNumero(porNo.get(n.id) || 0) })));
    }
    const corpo = limpar($('tabela-processadores').tBodies[0]);
    for (const p of dados.projecoes) {
      corpo.append(h('tr', { 'data-processador': p.nome },
        h('td', {}, h('strong', { text: p.nome }), p.erro ? h('div', { class: 'detalhe', text: p.erro }) : null),
        h('td', {}, seloDoProcessador(p)),
        h('td', { class: 'num', text: fmtNumero(p.atraso) }),
        h('td', { class: 'num', text: p.atrasoSegundos === null || p.atrasoSegundos === undefined ? '—' : (p.atraso === 0 ? 'em dia' : fmtDuracao(p.atrasoSegundos)) }),
        h('td', { class: 'num', text: fmtNumero(p.posicao) + ' / ' + fmtNumero(p.cabeca) }),
        h('td', {}, h('div', { class: 'segmentos' }, p.segmentos.map(s =>
          h('span', { class: 'segmento', 'data-dono': s.dono || '', title: s.dono ? 'Segmento ' + s.segmento + ': ' + s.dono : 'Segmento ' + s.segmento + ' livre' },
            h('span', { class: 'ponto ' + (s.dono ? corDoNo(s.dono) : 'cor-livre') }),
            '#' + s.segmento + ' ' + (s.dono ? nomeDoNo(s.dono) : 'livre')))))));
    }
    mostrarReconstrucoes(dados);
  }

  function seloDoProcessador(p) {
    if (p.estado === 'error') return selo('Com erro', 'falha');
    if (p.pausado) return selo('Pausado (troca)', 'alerta');
    if (p.estado === 'stopped') return selo('Parado', 'neutro');
    if (p.estado === 'replaying') return selo('Reconstruindo', 'info');
    if (p.atraso > 1000 || p.atrasoSegundos > 60) return selo('Atrasado', 'alerta');
    return selo('Em dia', 'ok');
  }

  // ---------- rebuilds ----------

  function mostrarReconstrucoes(dados) {
    const lista = $('lista-reconstrucoes');
    const existentes = new Map([...lista.children].map(c => [c.dataset.projecao, c]));
    const reconstruiveis = dados.projecoes.filter(p => p.reconstruivel);
    if (reconstruiveis.length === 0) {
      limpar(lista).append(h('p', { class: 'vazio', text: 'Nenhuma projeção pode ser reconstruída.' }));
      return;
    }
    for (const p of reconstruiveis) {
      let cartao = existentes.get(p.nome);
      if (!cartao) {
        cartao = novoCartao(p.nome);
        lista.append(cartao);
      }
      atualizarCartao(cartao, p);
    }
  }

  function novoCartao(nome) {
    const botao = h('button', { type: 'button', class: 'reconstruir', text: 'Reconstruir' });
    const cartao = h('div', { class: 'cartao', 'data-projecao': nome },
      h('div', { class: 'cartao-topo' }, h('div', { class: 'cartao-titulo' }, h('h3', { text: nome }), h('span', { class: 'selo' })), botao),
      h('div', { class: 'barra-progresso', role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': '0', 'aria-label': 'Progresso de ' + nome },
        h('div', { class: 'preenchido' })),
      h('div', { class: 'linha-progresso' }, h('span', { class: 'pct' }), h('span', { class: 'ritmo' })),
      h('p', { class: 'situacao detalhe' }),
      h('p', { class: 'mensagem erro falha-reconstrucao', role: 'alert' }));
    botao.addEventListener('click', () => reconstruir(nome, cartao));
    return cartao;
  }

  async function reconstruir(nome, cartao) {
    const botao = cartao.querySelector('.reconstruir');
    botao.disabled = true;
    cartao.querySelector('.falha-reconstrucao').textContent = '';
    estado.ritmos.delete(nome);
    try {
      const p = await api('POST', '/admin/projecoes/' + encodeURIComponent(nome) + '/replay');
      atualizarCartao(cartao, p);
    } catch (e) {
      botao.disabled = false;
      if (e.status !== 401) cartao.querySelector('.falha-reconstrucao').textContent = 'Não foi possível iniciar: ' + e.message;
    }
  }

  /** Events per second from the readings of the rebuild's progress, over the last few seconds. */
  function ritmo(nome, feitos) {
    const agora = Date.now();
    const leituras = estado.ritmos.get(nome) || [];
    leituras.push({ em: agora, feitos });
    while (leituras.length > 2 && agora - leituras[0].em > 10000) leituras.shift();
    estado.ritmos.set(nome, leituras);
    const primeira = leituras[0];
    if (leituras.length < 2 || feitos <= primeira.feitos) return null;
    return (feitos - primeira.feitos) / ((agora - primeira.em) / 1000);
  }

  function atualizarCartao(cartao, p) {
    const r = p.reconstrucao;
    const emAndamento = r && r.estado === 'reconstruindo';
    const barra = cartao.querySelector('.barra-progresso');
    const preenchido = cartao.querySelector('.preenchido');
    const pct = cartao.querySelector('.pct');
    const ritmoEl = cartao.querySelector('.ritmo');
    const situacao = cartao.querySelector('.situacao');
    const falha = cartao.querySelector('.falha-reconstrucao');
    const seloEl = cartao.querySelector('.selo');
    const botao = cartao.querySelector('.reconstruir');
    botao.disabled = !!emAndamento;
    let valor = 0;
    barra.classList.remove('concluida', 'falhou');
    barra.hidden = !r;
    cartao.querySelector('.linha-progresso').hidden = !r;
    cartao.classList.toggle('ativo', !!emAndamento);
    limpar(seloEl);
    if (emAndamento) {
      valor = Math.min(99.9, 100 * (p.progressoReplay || 0));
      const feitos = Math.round((p.progressoReplay || 0) * p.cabeca);
      const eventosPorSegundo = ritmo(p.nome, feitos);
      const restante = p.terminoEstimado
        ? (new Date(p.terminoEstimado).getTime() - Date.now()) / 1000
        : (eventosPorSegundo ? (p.cabeca - feitos) / eventosPorSegundo : null);
      seloEl.append(p.pausado ? selo('Trocando as tabelas', 'alerta') : selo('Reconstruindo', 'info'));
      pct.textContent = porcento.format(Math.floor(valor)) + ' %';
      ritmoEl.textContent = (eventosPorSegundo ? numero.format(Math.round(eventosPorSegundo)) + ' eventos/s' : 'medindo o ritmo…')
        + ' · ' + (restante === null ? 'tempo restante ainda desconhecido' : 'faltam cerca de ' + fmtDuracao(restante));
      situacao.textContent = numero.format(feitos) + ' de ' + numero.format(p.cabeca) + ' eventos lidos na cópia'
        + (p.pausado ? '; a projeção está pausada para a troca, e a API segue lendo a atual.' : '; a API segue lendo a projeção atual.');
      falha.textContent = '';
    } else if (r && r.estado === 'concluida') {
      valor = 100;
      barra.classList.add('concluida');
      seloEl.append(selo('Concluída', 'ok'));
      pct.textContent = '100 %';
      ritmoEl.textContent = fmtNumero(r.eventos) + ' eventos · ' + (r.eventosPorSegundo ? numero.format(Math.round(r.eventosPorSegundo)) + ' eventos/s' : '');
      situacao.textContent = 'Concluída ' + (r.concluidaEm ? 'às ' + horaFmt.format(new Date(r.concluidaEm)) + ' ' : '')
        + '(iniciada às ' + horaFmt.format(new Date(r.iniciadaEm)) + ', ' + fmtDuracao((new Date(r.concluidaEm) - new Date(r.iniciadaEm)) / 1000)
        + '): a cópia substituiu a projeção.';
      falha.textContent = '';
    } else if (r && r.estado === 'falhou') {
      valor = 100 * (p.progressoReplay || 0);
      barra.classList.add('falhou');
      seloEl.append(selo('Falhou', 'falha'));
      pct.textContent = '';
      ritmoEl.textContent = '';
      situacao.textContent = 'Iniciada às ' + horaFmt.format(new Date(r.iniciadaEm)) + '; a projeção atual continua em uso, sem mudança.';
      falha.textContent = 'A reconstrução falhou: ' + (r.erro || 'motivo não informado') + '. Pode-se tentar de novo.';
    } else {
      seloEl.append(selo('Nunca reconstruída', 'neutro'));
      pct.textContent = '';
      ritmoEl.textContent = '';
      situacao.textContent = 'Nenhuma reconstrução registrada. Posição ' + fmtNumero(p.posicao) + ' de ' + fmtNumero(p.cabeca) + '.';
    }
    preenchido.style.width = valor.toFixed(1) + '%';
    barra.setAttribute('aria-valuenow', String(Math.floor(valor)));
  }

  // ---------- stores: a page of them, searched by the service ----------

  /** The first page of stores matching the search box (the service searches and sorts); an older answer is dropped. */
  async function carregarLojas() {
    const consulta = ++estado.consultaDeLojas;
    const busca = $('busca-lojas').value.trim();
    try {
      const dados = await api('GET', '/admin/lojas?limite=' + LOJAS_POR_PAGINA + (busca ? '&busca=' + encodeURIComponent(busca) : ''));
      if (consulta !== estado.consultaDeLojas) return;
      estado.lojas = new Map(dados.lojas.map(l => [l.id, l]));
      estado.totalDeLojas = dados.paginacao.total;
      if (estado.aba === 'lojas') mostrarLojas();
    } catch (e) {
      if (e.status !== 401 && consulta === estado.consultaDeLojas) aviso('Não foi possível ler as lojas: ' + e.message, 'erro');
    }
  }

  let buscaPendente = null;
  function buscarLojas() {
    clearTimeout(buscaPendente);
    buscaPendente = setTimeout(carregarLojas, 250);
  }

  // ---------- webhooks ----------

  async function carregarWebhooks() {
    try {
      const filtro = $('so-abertos').checked ? '?circuito=ABERTO&limite=1000' : '?limite=1000';
      mostrarWebhooks(await api('GET', '/admin/webhooks' + filtro));
    } catch (e) {
      if (e.status !== 401) aviso('Não foi possível ler os webhooks: ' + e.message, 'erro');
    }
  }

  function saude(s) {
    if (s.circuito === 'ABERTO') return selo('Circuito aberto', 'falha');
    if (s.falhasSeguidas > 0) return selo('Falhando', 'alerta');
    if (!s.ultimoSucesso) return selo('Sem entregas ainda', 'neutro');
    return selo('Saudável', 'ok');
  }

  function mostrarWebhooks(lista) {
    const corpo = limpar($('tabela-webhooks').tBodies[0]);
    if (lista.length === 0) {
      corpo.append(h('tr', {}, h('td', { colspan: '8', class: 'vazio', text: 'Nenhum endpoint.' })));
      return;
    }
    for (const w of lista) {
      const s = w.saude;
      corpo.append(h('tr', { 'data-webhook': w.webhookId, 'data-loja': w.lojaId },
        h('td', {}, h('strong', { text: nomeDaLoja(w) }), h('span', { class: 'id', text: w.lojaId })),
        h('td', {}, h('span', { class: 'id', text: w.webhookId })),
        h('td', {}, saude(s), s.circuito === 'ABERTO' && s.proximaSonda
          ? h('div', { class: 'detalhe', text: 'próxima sonda ' + fmtQuando(s.proximaSonda) }) : null),
        h('td', { class: 'num', text: fmtNumero(s.falhasSeguidas) }),
        h('td', { class: 'num', text: fmtNumero(s.pendentes) }),
        h('td', {}, quando(s.ultimoSucesso)),
        h('td', {}, quando(s.ultimaFalha)),
        h('td', {}, h('div', { class: 'acoes' },
          h('button', { type: 'button', class: 'secundario pequeno', text: 'Entregas', onclick: () => abrirEntregas(w.lojaId, nomeDaLoja(w), w.webhookId) })))));
    }
  }

  /** The store's name the webhook's row came with, or a short id while its read model does not show it. */
  function nomeDaLoja(w) {
    return w.lojaNome || 'Loja ' + curto(w.lojaId);
  }

  /**
   * A webhook's deliveries in a panel titled with the store the request was made for. A response that arrives after
   * another webhook was chosen is dropped, so a panel never shows one store's deliveries under another's name.
   */
  async function abrirEntregas(lojaId, nomeLoja, webhookId) {
    const consulta = ++estado.consultaDeEntregas;
    const painel = limpar($('painel-entregas'));
    painel.hidden = false;
    painel.dataset.loja = lojaId;
    painel.dataset.webhook = webhookId;
    const mensagem = h('p', { class: 'mensagem', role: 'status' });
    const desde = h('select', { 'aria-label': 'Recuperar falhas desde' },
      h('option', { value: '1', text: 'na última hora' }),
      h('option', { value: '24', selected: true, text: 'nas últimas 24 horas' }),
      h('option', { value: '168', text: 'nos últimos 7 dias' }),
      h('option', { value: '720', text: 'nos últimos 30 dias' }));
    const recuperar = h('button', { type: 'button', class: 'pequeno', text: 'Recuperar falhas' });
    recuperar.addEventListener('click', async () => {
      recuperar.disabled = true;
      const horas = Number(desde.value);
      const inicio = new Date(Date.now() - horas * 3600 * 1000 + (horas === 720 ? 60000 : 0)).toISOString();
      try {
        const r = await api('POST', '/admin/lojas/' + encodeURIComponent(lojaId) + '/webhooks/' + encodeURIComponent(webhookId) + '/recuperar', { desde: inicio });
        if (consulta !== estado.consultaDeEntregas) return;
        mensagem.className = 'mensagem ok';
        mensagem.textContent = r.entregas === 0 ? 'Nenhuma entrega falhou nesse período.'
          : numero.format(r.entregas) + ' entregas reenviadas' + (r.todas ? '.' : ' (as mais antigas; peça outra recuperação quando estas terminarem).');
      } catch (e) {
        mensagem.className = 'mensagem erro';
        mensagem.textContent = 'Recuperação recusada: ' + e.message;
      } finally {
        recuperar.disabled = false;
      }
    });
    const tabela = h('table', { class: 'tabela' },
      h('thead', {}, h('tr', {}, h('th', { text: 'Quando' }), h('th', { text: 'Evento' }), h('th', { text: 'Tentativa' }),
        h('th', { text: 'Resultado' }), h('th', { text: 'Resposta' }), h('th', { text: 'Ações' }))),
      h('tbody', {}, h('tr', {}, h('td', { colspan: '6', class: 'vazio', text: 'Carregando…' }))));
    painel.append(
      h('div', { class: 'painel-topo' },
        h('h3', {}, 'Entregas de ', h('span', { class: 'nome-loja', text: nomeLoja }), ' · webhook ', h('span', { class: 'id', text: webhookId })),
        h('button', { type: 'button', class: 'secundario pequeno', text: 'Fechar', onclick: () => { estado.consultaDeEntregas++; painel.hidden = true; } })),
      h('div', { class: 'formulario-linha' }, recuperar, 'as que falharam', desde),
      mensagem, tabela);
    try {
      const dados = await api('GET', '/admin/lojas/' + encodeURIComponent(lojaId) + '/webhooks/' + encodeURIComponent(webhookId) + '/entregas?limite=20');
      if (consulta !== estado.consultaDeEntregas) return;
      const corpo = limpar(tabela.tBodies[0]);
      if (dados.entregas.length === 0) {
        corpo.append(h('tr', {}, h('td', { colspan: '6', class: 'vazio', text: 'Nenhuma entrega registrada.' })));
      }
      const vistas = new Set();
      for (const t of dados.entregas) {
        // one button per delivery, on its newest attempt (redelivery is of the delivery, not of an attempt)
        const primeira = !vistas.has(t.id);
        vistas.add(t.id);
        const reenviar = h('button', { type: 'button', class: 'secundario pequeno', text: 'Reenviar', hidden: !primeira });
        reenviar.addEventListener('click', async () => {
          reenviar.disabled = true;
          try {
            await api('POST', '/admin/lojas/' + encodeURIComponent(lojaId) + '/webhooks/' + encodeURIComponent(webhookId) + '/entregas/' + encodeURIComponent(t.id) + '/reenviar');
            if (consulta !== estado.consultaDeEntregas) return;
            mensagem.className = 'mensagem ok';
            mensagem.textContent = 'Entrega ' + t.id + ' reenviada: uma nova série de tentativas foi agendada.';
          } catch (e) {
            reenviar.disabled = false;
            mensagem.className = 'mensagem erro';
            mensagem.textContent = 'Reenvio recusado: ' + e.message;
          }
        });
        corpo.append(h('tr', {},
          h('td', {}, quando(t.enviadoEm)),
          h('td', { text: t.evento }),
          h('td', { class: 'num', text: (t.serie > 1 ? 'série ' + t.serie + ', ' : '') + 'nº ' + t.tentativa }),
          h('td', {}, t.sucesso ? selo('Entregue', 'ok') : selo('Falhou', 'falha')),
          h('td', {}, h('span', { text: t.statusHttp ? 'HTTP ' + t.statusHttp + (t.duracaoMs !== null && t.duracaoMs !== undefined ? ' em ' + numero.format(t.duracaoMs) + ' ms' : '') : (t.erro || '—') }),
            t.resposta ? h('pre', { class: 'corpo', text: typeof t.resposta === 'string' ? t.resposta : JSON.stringify(t.resposta) }) : null),
          h('td', {}, reenviar)));
      }
    } catch (e) {
      if (consulta !== estado.consultaDeEntregas) return;
      limpar(tabela.tBodies[0]).append(h('tr', {}, h('td', { colspan: '6', class: 'mensagem erro', text: 'Não foi possível ler as entregas: ' + e.message })));
    }
  }

  // ---------- stores and tokens ----------

  function mostrarLojas() {
    const lista = limpar($('lista-lojas'));
    if (estado.lojas.size === 0) lista.append(h('li', {}, h('p', { class: 'vazio', text: '  Nenhuma loja.' })));
    for (const l of estado.lojas.values()) {
      lista.append(h('li', {}, h('button', { type: 'button', class: l.id === estado.lojaSelecionada ? 'selecionada' : null, 'data-loja': l.id,
        onclick: () => selecionarLoja(l.id) }, l.nome, h('span', { class: 'id', text: l.slug + ' · ' + l.id }))));
    }
    if (estado.totalDeLojas > estado.lojas.size) {
      lista.append(h('li', {}, h('p', { class: 'ajuda', id: 'mais-lojas',
        text: numero.format(estado.lojas.size) + ' de ' + numero.format(estado.totalDeLojas) + ' lojas; a busca encontra as outras.' })));
    }
  }

  async function criarLoja(evento) {
    evento.preventDefault();
    const erro = $('erro-nova-loja');
    erro.textContent = '';
    try {
      const criada = await api('POST', '/admin/lojas', { nome: $('nova-loja-nome').value.trim(), slug: $('nova-loja-slug').value.trim() });
      $('nova-loja-nome').value = '';
      $('nova-loja-slug').value = '';
      await carregarLojas();
      // the list may not show the new store yet (its read model follows the write): the answer names it
      if (criada && criada.id && !estado.lojas.has(criada.id)) estado.lojas.set(criada.id, criada);
      selecionarLoja(criada.id);
    } catch (e) {
      erro.textContent = 'Loja não criada: ' + e.message;
    }
  }

  function selecionarLoja(lojaId) {
    estado.lojaSelecionada = lojaId;
    const loja = estado.lojas.get(lojaId);
    estado.nomeDaLojaSelecionada = loja ? loja.nome : null;
    mostrarLojas();
    carregarUso(lojaId, true);
  }

  /** The store's tokens and usage; dropped if another store was chosen meanwhile. */
  async function carregarUso(lojaId, nova) {
    const consulta = ++estado.consultaDaLoja;
    const detalhe = $('detalhe-loja');
    if (nova) {
      limpar(detalhe).append(h('p', { class: 'vazio', text: 'Carregando…' }));
    }
    try {
      const [tokens, uso] = await Promise.all([
        api('GET', '/admin/lojas/' + encodeURIComponent(lojaId) + '/tokens'),
        api('GET', '/admin/lojas/' + encodeURIComponent(lojaId) + '/uso')]);
      if (consulta !== estado.consultaDaLoja || estado.lojaSelecionada !== lojaId || uso.lojaId !== lojaId) return;
      mostrarLoja(lojaId, tokens.tokens, uso, detalhe.querySelector('.segredo'));
    } catch (e) {
      if (consulta !== estado.consultaDaLoja) return;
      limpar(detalhe).append(h('p', { class: 'mensagem erro', text: 'Não foi possível ler a loja: ' + e.message }));
    }
  }

  function barraDeUso(usadas, limite, rotulo) {
    const pct = limite > 0 ? Math.min(100, 100 * usadas / limite) : 0;
    const barra = h('div', { class: 'barra-progresso' + (pct >= 90 ? ' falhou' : ''), role: 'progressbar', 'aria-valuenow': String(Math.round(pct)), 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-label': rotulo },
      h('div', { class: 'preenchido' }));
    barra.firstChild.style.width = pct.toFixed(1) + '%';
    return h('div', {}, h('div', { class: 'detalhe', text: numero.format(usadas) + ' de ' + numero.format(limite) + ' ' + rotulo }), barra);
  }

  function mostrarLoja(lojaId, tokens, uso, segredo) {
    const nomeLoja = estado.nomeDaLojaSelecionada;
    const detalhe = limpar($('detalhe-loja'));
    detalhe.dataset.loja = lojaId;
    const usoPorToken = new Map(uso.tokens.map(t => [t.id, t]));
    const nomeToken = h('input', { id: 'novo-token-nome', maxlength: '100', placeholder: 'Nome do token (ex.: erp)', 'aria-label': 'Nome do novo token' });
    const erro = h('p', { class: 'mensagem erro', role: 'alert' });
    const criar = h('button', { type: 'submit', text: 'Criar token' });
    const form = h('form', { class: 'formulario-linha', autocomplete: 'off' }, nomeToken, criar);
    form.addEventListener('submit', async evento => {
      evento.preventDefault();
      erro.textContent = '';
      try {
        const novo = await api('POST', '/admin/lojas/' + encodeURIComponent(lojaId) + '/tokens', { nome: nomeToken.value.trim() });
        if (estado.lojaSelecionada !== lojaId) return;
        const caixa = h('div', { class: 'segredo', role: 'status' },
          h('strong', { text: 'Token "' + novo.nome + '" criado para ' + (nomeLoja || lojaId) + '. Copie agora: ele não será mostrado de novo.' }),
          h('code', { text: novo.token }));
        carregarUso(lojaId).then(() => {
          const atual = $('detalhe-loja');
          if (atual.dataset.loja === lojaId && !atual.querySelector('.segredo')) atual.insertBefore(caixa, atual.querySelector('table'));
        });
      } catch (e) {
        erro.textContent = 'Token não criado: ' + e.message;
      }
    });
    const corpo = h('tbody');
    const ativos = tokens.filter(t => !t.revogadoEm).length;
    for (const t of tokens) {
      const u = usoPorToken.get(t.id);
      const revogado = !!t.revogadoEm;
      let acao = null;
      if (!revogado) {
        acao = h('button', { type: 'button', class: 'perigo pequeno revogar', text: 'Revogar', 'data-token': t.id });
        let confirmando = null;
        acao.addEventListener('click', async () => {
          if (!confirmando) {
            acao.textContent = 'Confirmar revogação';
            acao.classList.add('confirmar');
            confirmando = setTimeout(() => { confirmando = null; acao.textContent = 'Revogar'; acao.classList.remove('confirmar'); }, 6000);
            return;
          }
          clearTimeout(confirmando);
          acao.disabled = true;
          try {
            await api('DELETE', '/admin/lojas/' + encodeURIComponent(lojaId) + '/tokens/' + encodeURIComponent(t.id));
            carregarUso(lojaId);
          } catch (e) {
            acao.disabled = false;
            erro.textContent = 'Revogação recusada: ' + e.message;
          }
        });
      }
      corpo.append(h('tr', { 'data-token': t.id },
        h('td', {}, h('strong', { text: t.nome }), h('span', { class: 'id', text: t.id })),
        h('td', {}, revogado ? selo('Revogado', 'neutro') : selo('Ativo', 'ok'),
          revogado ? h('div', { class: 'detalhe', text: dataHoraFmt.format(new Date(t.revogadoEm)) }) : null),
        h('td', {}, quando(t.criadoEm)),
        h('td', { class: 'num', text: fmtNumero(t.requisicoes) }),
        h('td', {}, quando(t.ultimoUsoEm)),
        h('td', { class: 'uso' }, revogado || !u ? h('span', { class: 'detalhe', text: '—' })
          : [barraDeUso(u.usadasNaJanela, uso.limitePorMinuto, 'requisições neste minuto'),
            barraDeUso(u.escritasNaJanela, uso.limiteEscritasPorMinuto, 'escritas neste minuto')]),
        h('td', {}, acao)));
    }
    detalhe.append(
      h('h2', {}, nomeLoja || 'Loja', ' ', h('span', { class: 'id', text: lojaId })),
      h('p', { class: 'ajuda', text: numero.format(ativos) + (ativos === 1 ? ' token ativo' : ' tokens ativos')
        + '. Cota por token: ' + numero.format(uso.limitePorMinuto) + ' requisições por minuto, das quais '
        + numero.format(uso.limiteEscritasPorMinuto) + ' escritas.' }),
      ...(segredo ? [segredo] : []),
      h('table', { class: 'tabela', id: 'tabela-tokens' },
        h('thead', {}, h('tr', {}, h('th', { text: 'Token' }), h('th', { text: 'Estado' }), h('th', { text: 'Criado' }),
          h('th', { class: 'num', text: 'Requisições' }), h('th', { text: 'Último uso' }), h('th', { text: 'Uso da cota' }), h('th', { text: 'Ações' }))),
        corpo),
      h('h3', { text: 'Novo token' }), form, erro);
  }

  // ---------- charts of the last hour ----------

  const GRAFICOS = [
    { chave: 'requisicoesPorSegundo', titulo: 'Requisições à API de lojas', unidade: 'req/s', cor: '#0b5cad', fmt: v => decimal.format(v) },
    { chave: 'pedidosPorSegundo', titulo: 'Pedidos criados', unidade: 'pedidos/s', cor: '#1a7f37', fmt: v => decimal.format(v) },
    { chave: 'entregasPorSegundo', titulo: 'Entregas de webhook', unidade: 'tentativas/s', cor: '#7c3aed', fmt: v => decimal.format(v),
      extra: { chave: 'falhasDeEntregaPorSegundo', cor: '#b42318', nome: 'falhas' } },
    { chave: 'latenciaP99Ms', titulo: 'Latência p99 da API de lojas', unidade: 'ms', cor: '#c2410c', fmt: v => numero.format(Math.round(v)) },
    { chave: 'atrasoEventos', titulo: 'Atraso dos processadores (o maior)', unidade: 'eventos', cor: '#0f766e', fmt: v => numero.format(Math.round(v)) }
  ];

  async function carregarGraficos() {
    try {
      mostrarGraficos(await api('GET', '/admin/metricas/historico'));
    } catch (e) {
      if (e.status !== 401) aviso('Não foi possível ler o histórico: ' + e.message, 'erro');
    }
  }

  function mostrarGraficos(dados) {
    $('ajuda-graficos').textContent = 'Cada nó grava uma amostra das suas métricas a cada ' + dados.intervaloSegundos
      + ' s; os gráficos somam os ' + numero.format(dados.nos.length) + (dados.nos.length === 1 ? ' nó' : ' nós')
      + ' que gravaram na última hora (latência e atraso: o pior nó). Requisições: só a API de lojas (/v1).'
      + ' Com menos de uma hora de amostras, o eixo começa na primeira.';
    const area = limpar($('graficos'));
    const fim = Date.now();
    // the whole hour once there is an hour of samples; until then from the first one (at least 15 minutes)
    const primeira = dados.pontos.length ? new Date(dados.pontos[0].em).getTime() : fim;
    const inicio = Math.max(fim - 3600 * 1000, Math.min(fim - 15 * 60 * 1000, primeira));
    for (const g of GRAFICOS) {
      const pontos = dados.pontos.filter(p => p[g.chave] !== null && p[g.chave] !== undefined)
        .map(p => ({ t: new Date(p.em).getTime(), v: p[g.chave], x: g.extra ? p[g.extra.chave] : null }));
      const ultimo = pontos.length ? pontos[pontos.length - 1] : null;
      area.append(h('div', { class: 'grafico', 'data-grafico': g.chave },
        h('h3', { text: g.titulo }),
        h('div', {}, h('span', { class: 'valor', text: ultimo ? g.fmt(ultimo.v) : '—' }), h('span', { class: 'unidade', text: g.unidade + (ultimo ? ' agora' : '') }),
          g.extra && ultimo ? h('span', { class: 'unidade', text: ' · ' + decimal.format(ultimo.x || 0) + ' ' + g.extra.nome + '/s (tracejado)' }) : null),
        desenhar(pontos, inicio, fim, g)));
    }
  }

  function desenhar(pontos, inicio, fim, g) {
    const L = 400, A = 150, esq = 44, dir = 8, topo = 8, base = 22;
    const el = svg('svg', { viewBox: '0 0 ' + L + ' ' + A, preserveAspectRatio: 'none', role: 'img', 'aria-label': g.titulo });
    let maximo = 0;
    for (const p of pontos) maximo = Math.max(maximo, p.v, p.x || 0);
    maximo = maximo > 0 ? maximo * 1.15 : 1;
    const x = t => esq + (L - esq - dir) * (t - inicio) / (fim - inicio);
    const y = v => topo + (A - topo - base) * (1 - v / maximo);
    el.append(svg('line', { class: 'eixo', x1: esq, y1: y(0), x2: L - dir, y2: y(0) }));
    el.append(svg('line', { class: 'eixo', x1: esq, y1: topo, x2: L - dir, y2: topo, 'stroke-dasharray': '3 3' }));
    const rotulo = (texto, px, py, ancora) => {
      const t = svg('text', { class: 'rotulo', x: px, y: py, 'text-anchor': ancora });
      t.textContent = texto;
      return t;
    };
    el.append(rotulo(g.fmt(maximo), esq - 4, topo + 8, 'end'));
    el.append(rotulo('0', esq - 4, y(0) + 4, 'end'));
    const janela = Math.round((fim - inicio) / 60000);
    for (const [fracao, ancora] of [[1, 'start'], [0.75, 'middle'], [0.5, 'middle'], [0.25, 'middle'], [0, 'end']]) {
      const minutos = Math.round(janela * fracao);
      el.append(rotulo(fracao === 0 ? 'agora' : '−' + minutos + ' min', x(fim - fracao * (fim - inicio)), A - 6, ancora));
    }
    if (pontos.length === 0) {
      el.append(rotulo('Sem amostras ainda: a primeira chega em até dois intervalos.', (L + esq) / 2, A / 2, 'middle'));
      return el;
    }
    const linha = (valores, cor, tracejada) => {
      const caminho = svg('polyline', { class: 'serie', stroke: cor, points: valores.map(p => x(p.t).toFixed(1) + ',' + y(p.v).toFixed(1)).join(' ') });
      if (tracejada) caminho.setAttribute('stroke-dasharray', '4 3');
      el.append(caminho);
      if (valores.length === 1) el.append(svg('circle', { cx: x(valores[0].t), cy: y(valores[0].v), r: 3, fill: cor }));
    };
    linha(pontos, g.cor);
    if (g.extra) linha(pontos.map(p => ({ t: p.t, v: p.x || 0 })), g.extra.cor, true);
    return el;
  }

  // ---------- start ----------

  document.addEventListener('DOMContentLoaded', () => {
    $('form-entrada').addEventListener('submit', entrar);
    $('sair').addEventListener('click', () => sair(''));
    document.querySelectorAll('.aba').forEach(b => b.addEventListener('click', () => abrirAba(b.dataset.aba)));
    $('so-abertos').addEventListener('change', carregarWebhooks);
    $('atualizar-webhooks').addEventListener('click', carregarWebhooks);
    $('busca-lojas').addEventListener('input', buscarLojas);
    $('form-nova-loja').addEventListener('submit', criarLoja);
    if (token()) {
      api('GET', '/admin/projecoes').then(mostrarConsole).catch(e => {
        if (e.status !== 401) $('erro-entrada').textContent = e.message;
      });
    } else {
      $('token').focus();
    }
  });
})();
