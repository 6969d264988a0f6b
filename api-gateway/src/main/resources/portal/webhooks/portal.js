/*
 * The delivery portal's page (decision 077). The link's secret comes in the URL's fragment, which no server sees;
 * it is kept for this tab only (sessionStorage), taken out of the address bar, and sent as a bearer token to the
 * API's own webhook routes. Everything a receiver or a payload says is shown as text, never as markup.
 */
(function () {
  'use strict';

  var CHAVE = 'portal-webhooks';
  var segredo = null;
  var expiraEm = null;
  var relogio = null;
  var acompanhamento = null;
  var webhooks = [];
  var selecionado = null;
  var pagina = 1;
  var abertas = new Set();

  function $(id) { return document.getElementById(id); }

  function el(tag, classe, texto) {
    var e = document.createElement(tag);
    if (classe) { e.className = classe; }
    if (texto !== undefined && texto !== null) { e.textContent = String(texto); }
    return e;
  }

  function dataHora(iso) {
    if (!iso) { return '—'; }
    return new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });
  }

  function hora(iso) {
    return new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
  }

  /** Refused, expired or revoked: nothing of the store stays on the page. */
  function recusar(motivo) {
    segredo = null;
    sessionStorage.removeItem(CHAVE);
    pararAcompanhamento();
    if (relogio) { clearInterval(relogio); relogio = null; }
    $('conteudo').hidden = true;
    $('lista-endpoints').replaceChildren();
    $('corpo-entregas').replaceChildren();
    $('atualizar').hidden = true;
    $('validade').textContent = '';
    $('loja').textContent = 'Link inválido';
    $('recusa-motivo').textContent = motivo;
    $('recusa').hidden = false;
  }

  function Recusado() {}

  function api(metodo, caminho, corpo) {
    if (!segredo) { return Promise.reject(new Recusado()); }
    var opcoes = {
      method: metodo,
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      headers: { 'Authorization': 'Bearer ' + segredo, 'Accept': 'application/json' }
    };
    if (corpo !== undefined) {
      opcoes.headers['Content-Type'] = 'application/json';
      opcoes.body = JSON.stringify(corpo);
    }
    return fetch(caminho, opcoes).then(function (resposta) {
      return resposta.text().then(function (texto) {
        var json = null;
        try { json = texto ? JSON.parse(texto) : null; } catch (e) { json = null; }
        if (resposta.status === 401) {
          // The API's message is for developers; the page says it in a person's words.
          recusar('O link expirou ou o token da loja que o criou foi revogado.');
          throw new Recusado();
        }
        if (!resposta.ok) {
          var erro = new Error((json && json.erro) || ('Erro HTTP ' + resposta.status));
          erro.status = resposta.status;
          throw erro;
        }
        return json;
      });
    });
  }

  function avisar(texto, erro) {
    var aviso = $('aviso');
    aviso.textContent = texto;
    aviso.className = erro ? 'aviso erro' : 'aviso';
    aviso.hidden = false;
  }

  function falhou(erro) {
    if (!(erro instanceof Recusado)) { avisar(erro.message, true); }
  }

  function mostrarValidade() {
    if (!expiraEm) { return; }
    var restam = Math.round((expiraEm.getTime() - Date.now()) / 60000);
    if (Date.now() >= expiraEm.getTime()) {
      recusar('O link expirou às ' + hora(expiraEm.toISOString()) + '.');
      return;
    }
    $('validade').textContent = 'Link válido até ' + hora(expiraEm.toISOString())
      + (restam >= 1 ? ' (faltam ' + restam + ' min)' : ' (menos de 1 min)');
  }

  function iniciar() {
    var fragmento = location.hash.length > 1 ? decodeURIComponent(location.hash.substring(1)) : null;
    if (fragmento) {
      sessionStorage.setItem(CHAVE, fragmento);
      history.replaceState(null, '', location.pathname);
    }
    segredo = fragmento || sessionStorage.getItem(CHAVE);
    selecionado = null;
    abertas.clear();
    $('recusa').hidden = true;
    if (!segredo) {
      recusar('Este endereço não traz o segredo do link: abra o link completo que você recebeu.');
      return;
    }
    api('GET', '/v1/webhooks/portal').then(function (sessao) {
      $('loja').textContent = sessao.nomeDaLoja || 'Loja';
      document.title = 'Entregas de webhooks · ' + (sessao.nomeDaLoja || 'Loja');
      expiraEm = new Date(sessao.expiraEm);
      mostrarValidade();
      if (relogio) { clearInterval(relogio); }
      relogio = setInterval(mostrarValidade, 15000);
      $('conteudo').hidden = false;
      $('atualizar').hidden = false;
      return carregarEndpoints();
    }).catch(falhou);
  }

  function carregarEndpoints() {
    return api('GET', '/v1/webhooks').then(function (lista) {
      return Promise.all(lista.map(function (webhook) {
        if (!webhook.ativo) { return Promise.resolve(webhook); }
        return api('GET', '/v1/webhooks/' + encodeURIComponent(webhook.id)).catch(function (erro) {
          if (erro instanceof Recusado) { throw erro; }
          return webhook;
        });
      }));
    }).then(function (lista) {
      webhooks = lista;
      desenharEndpoints();
      if (!selecionado && webhooks.length) { selecionar(webhooks[0].id); }
      else if (selecionado) { desenharDetalhe(); return carregarEntregas(); }
    });
  }

  function situacaoDoEndpoint(webhook) {
    if (!webhook.ativo) { return { classe: 'removido', selo: 'neutro', texto: 'Removido' }; }
    var saude = webhook.saude;
    if (!saude) { return { classe: '', selo: 'neutro', texto: 'Sem dados' }; }
    if (saude.circuito === 'ABERTO') { return { classe: 'falhando', selo: 'erro', texto: 'Circuito aberto' }; }
    if (saude.falhasSeguidas > 0) {
      return { classe: 'falhando', selo: 'erro', texto: saude.falhasSeguidas === 1 ? '1 falha'
        : saude.falhasSeguidas + ' falhas seguidas' };
    }
    return { classe: '', selo: 'ok', texto: 'Saudável' };
  }

  function desenharEndpoints() {
    var ul = $('lista-endpoints');
    ul.replaceChildren();
    $('sem-endpoints').hidden = webhooks.length > 0;
    webhooks.forEach(function (webhook) {
      var situacao = situacaoDoEndpoint(webhook);
      var botao = el('button', 'endpoint ' + situacao.classe + (webhook.id === selecionado ? ' selecionado' : ''));
      botao.type = 'button';
      botao.dataset.id = webhook.id;
      botao.appendChild(el('span', 'nome', webhook.nome));
      botao.appendChild(el('span', 'url', webhook.url));
      var estado = el('span', 'estado');
      estado.appendChild(el('span', 'selo ' + situacao.selo, situacao.texto));
      if (webhook.saude && webhook.saude.pendentes > 0) {
        estado.appendChild(document.createTextNode(' · ' + webhook.saude.pendentes + ' na fila'));
      }
      botao.appendChild(estado);
      botao.addEventListener('click', function () { selecionar(webhook.id); });
      var li = el('li');
      li.appendChild(botao);
      ul.appendChild(li);
    });
  }

  function atual() {
    return webhooks.find(function (w) { return w.id === selecionado; });
  }

  function selecionar(id) {
    selecionado = id;
    pagina = 1;
    abertas.clear();
    $('aviso').hidden = true;
    desenharEndpoints();
    desenharDetalhe();
    carregarEntregas().catch(falhou);
  }

  function desenharDetalhe() {
    var webhook = atual();
    if (!webhook) { $('detalhe').hidden = true; return; }
    $('detalhe').hidden = false;
    $('titulo-detalhe').textContent = webhook.nome;
    $('url-detalhe').textContent = webhook.url;
    $('eventos-detalhe').textContent = 'Eventos: ' + (webhook.eventos || []).join(', ');
    $('testar').disabled = !webhook.ativo;
    $('recuperar').disabled = !webhook.ativo;
    var dl = $('saude');
    dl.replaceChildren();
    var saude = webhook.saude;
    function item(rotulo, valor, ruim) {
      var div = el('div', ruim ? 'ruim' : '');
      div.appendChild(el('dt', null, rotulo));
      div.appendChild(el('dd', null, valor));
      dl.appendChild(div);
    }
    if (!saude) {
      item('Situação', webhook.ativo ? 'Sem dados' : 'Removido');
      return;
    }
    item('Circuito', saude.circuito === 'ABERTO' ? 'Aberto' : 'Fechado', saude.circuito === 'ABERTO');
    item('Falhas seguidas', saude.falhasSeguidas, saude.falhasSeguidas > 0);
    item('Último sucesso', dataHora(saude.ultimoSucesso));
    item('Última falha', dataHora(saude.ultimaFalha), !!saude.ultimaFalha && saude.falhasSeguidas > 0);
    item('Na fila', saude.pendentes);
    if (saude.proximaSonda) { item('Próxima sonda', dataHora(saude.proximaSonda)); }
  }

  function carregarEntregas() {
    var webhook = atual();
    if (!webhook) { return Promise.resolve(); }
    var caminho = '/v1/webhooks/' + encodeURIComponent(webhook.id) + '/entregas?limite=100&page=' + pagina
      + ($('so-falhas').checked ? '&sucesso=false' : '');
    return api('GET', caminho).then(function (lista) {
      if (webhook.id === selecionado) { desenharEntregas(lista); }
    });
  }

  /** The log lists attempts, newest first; a delivery is the attempts that share its id. */
  function agrupar(tentativas) {
    var ordem = [];
    var porId = new Map();
    tentativas.forEach(function (t) {
      if (!porId.has(t.id)) { porId.set(t.id, []); ordem.push(t.id); }
      porId.get(t.id).push(t);
    });
    return ordem.map(function (id) { return { id: id, tentativas: porId.get(id) }; });
  }

  function situacaoDaTentativa(t) {
    if (t.sucesso) { return { selo: 'ok', texto: 'Entregue', linha: '' }; }
    if (t.proximaTentativaEm) {
      return { selo: 'espera', texto: 'Nova tentativa às ' + hora(t.proximaTentativaEm), linha: '' };
    }
    return { selo: 'erro', texto: 'Falhou', linha: 'falhou' };
  }

  function desenharEntregas(lista) {
    var corpo = $('corpo-entregas');
    corpo.replaceChildren();
    var entregas = agrupar(lista.entregas || []);
    $('sem-entregas').hidden = entregas.length > 0;
    $('entregas').hidden = entregas.length === 0;
    var webhook = atual();
    entregas.forEach(function (entrega) {
      var ultima = entrega.tentativas[0];
      var situacao = situacaoDaTentativa(ultima);
      var linha = el('tr', 'entrega ' + situacao.linha);
      linha.dataset.id = entrega.id;
      linha.tabIndex = 0;
      linha.setAttribute('aria-expanded', abertas.has(entrega.id) ? 'true' : 'false');
      var celula = el('td');
      celula.appendChild(el('span', 'selo ' + situacao.selo, situacao.texto));
      linha.appendChild(celula);
      var evento = el('td');
      evento.appendChild(el('div', null, ultima.evento));
      evento.appendChild(el('div', 'id', entrega.id));
      linha.appendChild(evento);
      linha.appendChild(el('td', null, dataHora(ultima.enviadoEm)));
      linha.appendChild(el('td', null, ultima.statusHttp === null ? '—' : ultima.statusHttp));
      linha.appendChild(el('td', null, entrega.tentativas.length + (ultima.serie > 1 ? ' (série ' + ultima.serie + ')' : '')));
      var acoes = el('td');
      var reenviar = el('button', 'secundario reenviar', 'Reenviar');
      reenviar.type = 'button';
      reenviar.disabled = !webhook.ativo || ultima.evento === 'webhook.teste' || !!ultima.proximaTentativaEm;
      reenviar.title = ultima.evento === 'webhook.teste' ? 'Entregas de teste não são reenviadas' : '';
      reenviar.addEventListener('click', function (evento) {
        evento.stopPropagation();
        reenviarEntrega(entrega.id, reenviar);
      });
      acoes.appendChild(reenviar);
      linha.appendChild(acoes);
      function alternar() {
        if (abertas.has(entrega.id)) { abertas.delete(entrega.id); } else { abertas.add(entrega.id); }
        desenharEntregas(lista);
      }
      linha.addEventListener('click', alternar);
      linha.addEventListener('keydown', function (e) {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); alternar(); }
      });
      corpo.appendChild(linha);
      if (abertas.has(entrega.id)) { corpo.appendChild(linhaDeTentativas(entrega)); }
    });
    var paginacao = lista.paginacao || {};
    var total = paginacao.totalPaginas || paginacao.paginas || 1;
    $('paginas').hidden = total <= 1;
    $('pagina-atual').textContent = 'Página ' + pagina + ' de ' + total;
    $('anterior').disabled = pagina <= 1;
    $('proxima').disabled = pagina >= total;
  }

  function bonito(texto) {
    if (texto === null || texto === undefined) { return null; }
    if (typeof texto !== 'string') { return JSON.stringify(texto, null, 2); }
    try { return JSON.stringify(JSON.parse(texto), null, 2); } catch (e) { return texto; }
  }

  function linhaDeTentativas(entrega) {
    var linha = el('tr', 'tentativas');
    var celula = el('td');
    celula.colSpan = 6;
    entrega.tentativas.forEach(function (t) {
      var situacao = situacaoDaTentativa(t);
      var caixa = el('div', 'tentativa');
      var titulo = el('h4');
      titulo.appendChild(el('span', null, 'Série ' + t.serie + ', tentativa ' + t.tentativa));
      titulo.appendChild(el('span', 'selo ' + (t.sucesso ? 'ok' : 'erro'), t.sucesso ? 'Sucesso' : 'Falha'));
      titulo.appendChild(el('span', 'meta', dataHora(t.enviadoEm) + ' · '
        + (t.statusHttp === null ? 'sem resposta HTTP' : 'HTTP ' + t.statusHttp) + ' · ' + t.duracaoMs + ' ms'));
      caixa.appendChild(titulo);
      if (t.erro) { caixa.appendChild(el('p', 'motivo', t.erro)); }
      if (!t.sucesso && t.proximaTentativaEm) {
        caixa.appendChild(el('p', 'meta', 'Próxima tentativa: ' + dataHora(t.proximaTentativaEm)));
      }
      var blocos = el('div', 'blocos');
      var enviado = el('div');
      enviado.appendChild(el('h5', null, 'Corpo enviado'));
      enviado.appendChild(el('pre', null, bonito(t.payload)));
      var resposta = el('div');
      resposta.appendChild(el('h5', null, 'Resposta do receptor'));
      resposta.appendChild(el('pre', null, t.resposta === null ? '(sem corpo)' : t.resposta));
      blocos.appendChild(enviado);
      blocos.appendChild(resposta);
      caixa.appendChild(blocos);
      celula.appendChild(caixa);
    });
    linha.appendChild(celula);
    return linha;
  }

  /**
   * After an action, the page follows its effect (the log shows an attempt when it ends), reading only the selected
   * webhook and its log every 3 s: the portal's requests take from the quota of the store's token, shared with the
   * store's own integration. It stops once the endpoint's queue is empty and an attempt ended after the action, or
   * after 45 s.
   */
  function acompanhar() {
    pararAcompanhamento();
    var inicio = Date.now();
    var id = selecionado;
    acompanhamento = setInterval(function () {
      if (Date.now() - inicio > 45000 || !segredo || selecionado !== id) { pararAcompanhamento(); return; }
      atualizarSelecionado().then(function (lista) {
        var webhook = atual();
        var recente = lista && lista.entregas && lista.entregas.length
          && new Date(lista.entregas[0].enviadoEm).getTime() >= inicio - 1000;
        if (webhook && webhook.saude && webhook.saude.pendentes === 0 && recente) { pararAcompanhamento(); }
      }).catch(falhou);
    }, 3000);
  }

  /** The selected webhook (with its health) and its log, read again. */
  function atualizarSelecionado() {
    var id = selecionado;
    return api('GET', '/v1/webhooks/' + encodeURIComponent(id)).then(function (webhook) {
      webhooks = webhooks.map(function (w) { return w.id === id ? webhook : w; });
      desenharEndpoints();
      desenharDetalhe();
      var caminho = '/v1/webhooks/' + encodeURIComponent(id) + '/entregas?limite=100&page=' + pagina
        + ($('so-falhas').checked ? '&sucesso=false' : '');
      return api('GET', caminho);
    }).then(function (lista) {
      if (id === selecionado) { desenharEntregas(lista); }
      return lista;
    });
  }

  function pararAcompanhamento() {
    if (acompanhamento) { clearInterval(acompanhamento); acompanhamento = null; }
  }

  function reenviarEntrega(entregaId, botao) {
    botao.disabled = true;
    api('POST', '/v1/webhooks/' + encodeURIComponent(selecionado) + '/entregas/' + encodeURIComponent(entregaId)
      + '/reenviar').then(function (reenvio) {
      avisar('Reenvio agendado: série ' + reenvio.serie + ' da entrega ' + reenvio.id
        + '. A lista se atualiza quando a tentativa terminar.', false);
      acompanhar();
      return carregarEndpoints();
    }).catch(function (erro) { botao.disabled = false; falhou(erro); });
  }

  function testar() {
    var botao = $('testar');
    botao.disabled = true;
    avisar('Enviando a entrega de teste…', false);
    api('POST', '/v1/webhooks/' + encodeURIComponent(selecionado) + '/teste').then(function (r) {
      avisar(r.sucesso ? 'Entrega de teste aceita pelo receptor: HTTP ' + r.statusHttp + ' em ' + r.duracaoMs + ' ms.'
        : 'A entrega de teste falhou: ' + (r.erro || ('HTTP ' + r.statusHttp)), !r.sucesso);
      return carregarEndpoints();
    }).catch(falhou).then(function () { botao.disabled = !(atual() && atual().ativo); });
  }

  function recuperar() {
    var horas = Number($('desde').value);
    var desde = new Date(Date.now() - horas * 3600000 + 60000).toISOString();
    var botao = $('recuperar');
    botao.disabled = true;
    api('POST', '/v1/webhooks/' + encodeURIComponent(selecionado) + '/recuperar', { desde: desde }).then(function (r) {
      avisar(r.entregas === 0 ? 'Nenhuma entrega falhou nesse período: nada a recuperar.'
        : (r.entregas === 1 ? '1 entrega ganhou' : r.entregas + ' entregas ganharam') + ' uma nova série de tentativas'
        + (r.todas ? '.' : ' (as mais antigas; peça outra recuperação quando esta terminar).'), false);
      acompanhar();
      return carregarEndpoints();
    }).catch(falhou).then(function () { botao.disabled = !(atual() && atual().ativo); });
  }

  document.addEventListener('DOMContentLoaded', function () {
    $('atualizar').addEventListener('click', function () { carregarEndpoints().catch(falhou); });
    $('testar').addEventListener('click', testar);
    $('recuperar').addEventListener('click', recuperar);
    $('so-falhas').addEventListener('change', function () { pagina = 1; carregarEntregas().catch(falhou); });
    $('anterior').addEventListener('click', function () { pagina--; carregarEntregas().catch(falhou); });
    $('proxima').addEventListener('click', function () { pagina++; carregarEntregas().catch(falhou); });
    window.addEventListener('hashchange', iniciar);
    iniciar();
  });
})();
