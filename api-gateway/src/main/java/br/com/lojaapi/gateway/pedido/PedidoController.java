package br.com.lojaapi.gateway.pedido;

import br.com.lojaapi.command.pedido.aplicacao.CancelamentoDePedido;
import br.com.lojaapi.command.pedido.aplicacao.ConfirmacaoDePedido;
import br.com.lojaapi.command.pedido.aplicacao.CriacaoDePedido;
import br.com.lojaapi.command.pedido.aplicacao.Escrita;
import br.com.lojaapi.command.pedido.aplicacao.ExclusaoDePedido;
import br.com.lojaapi.command.pedido.aplicacao.MudancaDeEtapaDoPedido;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import br.com.lojaapi.coreapi.pedido.AcompanhamentoDoPedido;
import br.com.lojaapi.coreapi.pedido.CancelarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.CarimboDePedidosQuery;
import br.com.lojaapi.coreapi.pedido.ClienteDoPedido;
import br.com.lojaapi.coreapi.pedido.ConfirmarPedidoCommand;
import br.com.lojaapi.coreapi.pedido.ListarPedidosQuery;
import br.com.lojaapi.coreapi.pedido.MudarEtapaDoPedidoCommand;
import br.com.lojaapi.coreapi.pedido.PaginaDePedidosLida;
import br.com.lojaapi.coreapi.pedido.PedidoExcluido;
import br.com.lojaapi.coreapi.pedido.StatusPedido;
import br.com.lojaapi.coreapi.pedido.TipoEntrega;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import br.com.lojaapi.command.anexo.ArquivosPrivados;
import br.com.lojaapi.gateway.web.ComEtag;
import br.com.lojaapi.gateway.web.Ids;
import br.com.lojaapi.gateway.web.LeituraPorId;
import br.com.lojaapi.gateway.web.Paginacao;
import br.com.lojaapi.gateway.web.PreCondicao;
import br.com.lojaapi.gateway.web.RespostaCondicional;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

@RestController
@RequestMapping(path = "/v1/pedidos", produces = "application/json")
@Tag(name = "Pedidos")
class PedidoController {

    static final String NAO_ENCONTRADO = "Pedido não encontrado";

    private final CriacaoDePedido criacao;
    private final ConfirmacaoDePedido confirmacao;
    private final CancelamentoDePedido cancelamento;
    private final MudancaDeEtapaDoPedido mudancaDeEtapa;
    private final ExclusaoDePedido exclusao;
    private final ArquivosPrivados arquivos;
    private final PedidosDaLoja pedidos;

    PedidoController(CriacaoDePedido criacao, ConfirmacaoDePedido confirmacao, CancelamentoDePedido cancelamento,
                     MudancaDeEtapaDoPedido mudancaDeEtapa, ExclusaoDePedido exclusao, ArquivosPrivados arquivos,
                     PedidosDaLoja pedidos) {
        this.criacao = criacao;
        this.confirmacao = confirmacao;
        this.cancelamento = cancelamento;
        this.mudancaDeEtapa = mudancaDeEtapa;
        this.exclusao = exclusao;
        this.arquivos = arquivos;
        this.pedidos = pedidos;
    }

    @Schema(name = "ListaDePedidos")
    record Lista(List<PedidoJson> pedidos, Paginacao paginacao) {
    }

    @Schema(name = "PedidoExcluido")
    record Excluido(boolean ok, long numero, String mensagem) {
    }

    @GetMapping
    @Operation(operationId = "listarPedidos",
            summary = "Lista os pedidos da loja, mais novos primeiro",
            description = """
                    desde e ate filtram a criação (data-hora ISO-8601 com fuso, por exemplo \
                    2026-11-21T08:00:00-03:00; inclusive). status aceita também ENVIADO (extensão).""")
    ResponseEntity<Lista> listar(LojaAtual loja, RespostaCondicional condicional,
                 @Parameter(schema = @Schema(allowableValues = {"PENDENTE", "CONFIRMADO", "PREPARANDO", "PRONTO",
                         "ENVIADO", "ENTREGUE", "CANCELADO"})) @RequestParam(required = false) String status,
                 @Parameter(schema = @Schema(format = "date-time")) @RequestParam(required = false) String desde,
                 @Parameter(schema = @Schema(format = "date-time")) @RequestParam(required = false) String ate,
                 @Parameter(description = "A partir de 1; padrão 1") @RequestParam(required = false) Integer page,
                 @Parameter(description = "De 1 a 100; padrão 50") @RequestParam(required = false) Integer limite) {
        Paginacao.Pedida pagina = Paginacao.pedida(page, limite);
        Instant inicio = Datas.instante(desde, "desde");
        Instant fim = Datas.instante(ate, "ate");
        if (inicio != null && fim != null && inicio.isAfter(fim)) {
            throw ErroDeNegocio.invalido("desde deve ser anterior ou igual a ate");
        }
        StatusPedido filtro = status == null ? null : status(status);
        ListarPedidosQuery consulta = new ListarPedidosQuery(loja.lojaId(), filtro, inicio, fim, pagina.page(),
                pagina.limite());
        return condicional.listaComEtag(new CarimboDePedidosQuery(consulta), consulta, PaginaDePedidosLida.class,
                lida -> new ComEtag<>(new Lista(lida.pagina().pedidos().stream().map(PedidoJson::de).toList(),
                        pagina.de(lida.pagina().total())), lida.etag()));
    }

    @PostMapping(consumes = "application/json")
    @Operation(operationId = "criarPedido",
            summary = "Cria um pedido e baixa o estoque de todos os itens numa só transação",
            description = """
                    Preços recalculados pelo serviço (variação, promocional, base); quantidades arredondadas \
                    para cima até o múltiplo de venda. Sem estoque em qualquer item, nada é baixado.""")
    @ApiResponse(responseCode = "201", description = "Criado",
            content = @Content(schema = @Schema(implementation = PedidoJson.class)))
    @ApiResponse(responseCode = "400", description = """
            Campo inválido, produto de outra loja ou removido, estoque \
            insuficiente (com indice do item), DELIVERY sem endereço""")
    ResponseEntity<Object> criar(LojaAtual loja, @RequestBody CorpoDePedido corpo) {
        String pedidoId = Ids.novo();
        TipoEntrega tipoEntrega = tipoEntrega(corpo.tipoEntrega());
        ClienteDoPedido cliente = cliente(corpo.cliente());
        List<CriacaoDePedido.Linha> linhas = linhas(corpo.itens());
        pedidos.recurso().anunciar(pedidoId);
        List<Escrita> escritas = pedidos.recurso().executar(agora -> criacao.criar(new CriacaoDePedido.NovoPedido(
                loja.lojaId(), pedidoId, tipoEntrega, cliente, Ids.opcional(corpo.cliente().id()), linhas,
                corpo.desconto(), corpo.taxaEntrega(), corpo.observacoes(), agora)));
        return pedidos.gravado(loja.lojaId(), true, pedidoId, escritas);
    }

    @LeituraPorId(operationId = "lerPedido", summary = "Lê um pedido (itens, cliente, rastreio)",
            resposta = "O pedido")
    ResponseEntity<PedidoJson> ler(LojaAtual loja, RespostaCondicional condicional, @PathVariable String id) {
        return pedidos.recurso().ler(loja.lojaId(), id, condicional);
    }

    @PatchMapping(path = "/{id}", consumes = "application/json")
    @Operation(operationId = "alterarPedido",
            summary = "Muda o status e os dados de rastreio",
            description = """
                    PENDENTE -> CONFIRMADO baixa o estoque de um pedido que ainda não o baixou; CANCELADO \
                    (com motivoCancelamento) devolve o que foi baixado, uma vez só, e é final: outro status depois \
                    dá 409. Repetir o status atual é aceito (altera o rastreio) e emite pedido.status.""")
    @ApiResponse(responseCode = "200", description = "O pedido alterado",
            content = @Content(schema = @Schema(implementation = PedidoJson.class)))
    @ApiResponse(responseCode = "409", description = "Pedido cancelado não muda de status")
    ResponseEntity<Object> alterar(LojaAtual loja, @PathVariable String id, @RequestBody AlteracaoDePedido corpo,
                                   PreCondicao condicao) {
        Ids.exigir(id, NAO_ENCONTRADO);
        if (corpo.status == null || corpo.status.isEmpty()) {
            throw ErroDeNegocio.invalido("status é obrigatório");
        }
        StatusPedido status = status(corpo.status.get());
        AcompanhamentoDoPedido acompanhamento = new AcompanhamentoDoPedido(corpo.tempoEntrega, corpo.codigoRastreio,
                corpo.urlRastreio, corpo.pagamentoStatus);
        VersaoEsperada esperada = condicao.versaoEsperada();
        pedidos.recurso().anunciar(id);
        Function<Instant, List<Escrita>> alteracao = switch (status) {
            case CANCELADO -> agora -> cancelamento.cancelar(new CancelarPedidoCommand(id, loja.lojaId(),
                    corpo.motivoCancelamento, acompanhamento, agora, esperada));
            case CONFIRMADO -> agora -> confirmacao.confirmar(new ConfirmarPedidoCommand(id, loja.lojaId(),
                    corpo.motivoCancelamento, acompanhamento, agora, esperada));
            default -> agora -> mudancaDeEtapa.mudar(new MudarEtapaDoPedidoCommand(id, loja.lojaId(), status,
                    corpo.motivoCancelamento, acompanhamento, agora, esperada));
        };
        return pedidos.gravado(loja.lojaId(), false, id, pedidos.recurso().executar(alteracao));
    }

    @DeleteMapping("/{id}")
    @Operation(operationId = "removerPedido",
            summary = "Exclui um pedido CANCELADO, com itens e pagamentos (irreversível)")
    @ApiResponse(responseCode = "200", description = "Excluído",
            content = @Content(schema = @Schema(implementation = Excluido.class)))
    @ApiResponse(responseCode = "409", description = "O pedido não está CANCELADO")
    ResponseEntity<Object> remover(LojaAtual loja, @PathVariable String id, PreCondicao condicao) {
        Ids.exigir(id, NAO_ENCONTRADO);
        ExclusaoDePedido.Exclusao excluida = pedidos.recurso().executar(
                agora -> exclusao.excluir(loja.lojaId(), id, agora, condicao.versaoEsperada()));
        PedidoExcluido excluido = excluida.pedido();
        List<RespostaDeEscrita.Espera> esperas = new ArrayList<>();
        esperas.add(new RespostaDeEscrita.Espera(ModeloLeitura.PEDIDO, id, excluido.versao()));
        excluida.notasFiscais().forEach(n -> esperas.add(
                new RespostaDeEscrita.Espera(ModeloLeitura.NOTA_FISCAL, n.id(), n.versao())));
        excluida.etiquetas().forEach(e -> esperas.add(
                new RespostaDeEscrita.Espera(ModeloLeitura.ETIQUETA, e.id(), e.versao())));
        Excluido corpo = new Excluido(true, excluido.numero(),
                "Pedido " + excluido.numero() + " excluído com seus itens e pagamentos");
        ResponseEntity<Object> resposta = pedidos.recurso().feito(loja.lojaId(), esperas, id, excluido.versao(),
                corpo);
        // Its invoices' and labels' files go once no read model names them.
        excluida.notasFiscais().forEach(n -> arquivos.remover(n.objetosLivres()));
        excluida.etiquetas().forEach(e -> arquivos.remover(e.objetosLivres()));
        return resposta;
    }

    static StatusPedido status(String texto) {
        try {
            return StatusPedido.valueOf(texto);
        } catch (IllegalArgumentException e) {
            throw ErroDeNegocio.invalido("status inválido: use PENDENTE, CONFIRMADO, PREPARANDO, PRONTO, ENVIADO, "
                    + "ENTREGUE ou CANCELADO");
        }
    }

    private static TipoEntrega tipoEntrega(String texto) {
        if (texto == null) {
            throw ErroDeNegocio.invalido("tipoEntrega é obrigatório: DELIVERY, BALCAO (ou RETIRADA) ou MESA");
        }
        return switch (texto) {
            case "DELIVERY" -> TipoEntrega.DELIVERY;
            case "BALCAO", "RETIRADA" -> TipoEntrega.BALCAO;
            case "MESA" -> TipoEntrega.MESA;
            default -> throw ErroDeNegocio.invalido("tipoEntrega inválido: use DELIVERY, BALCAO (ou RETIRADA) ou MESA");
        };
    }

    private static ClienteDoPedido cliente(CorpoDePedido.Cliente c) {
        if (c == null) {
            throw ErroDeNegocio.invalido("cliente é obrigatório (ao menos cliente.nome)");
        }
        if (Ids.opcional(c.id()) != null && !Ids.valido(c.id())) {
            throw ErroDeNegocio.invalido("cliente.id não é um cliente desta loja: " + c.id());
        }
        return new ClienteDoPedido(c.nome(), c.celular(), c.email(), c.documento(), c.endereco(), c.numero(),
                c.complemento(), c.bairro(), c.cidade(), c.uf(), c.cep(), c.referencia());
    }

    private static List<CriacaoDePedido.Linha> linhas(List<CorpoDePedido.Item> itens) {
        if (itens == null || itens.isEmpty()) {
            throw ErroDeNegocio.invalido("itens é obrigatório: ao menos um item");
        }
        List<CriacaoDePedido.Linha> linhas = new ArrayList<>();
        for (int i = 0; i < itens.size(); i++) {
            CorpoDePedido.Item item = itens.get(i);
            LinhasDoCorpo.conferir("itens[" + i + "]", item, item == null ? null : item.produtoId(),
                    item == null ? null : item.quantidade());
            linhas.add(new CriacaoDePedido.Linha(Ids.novo(), item.produtoId(), Ids.opcional(item.variacaoId()),
                    item.quantidade(), item.observacao(), LinhasDoCorpo.opcoes(item.opcoes())));
        }
        return linhas;
    }
}
