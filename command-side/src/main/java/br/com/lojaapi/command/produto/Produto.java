package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.comum.Versao;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.produto.AdicionarVariacaoCommand;
import br.com.lojaapi.coreapi.produto.AjustarEstoqueDoPedidoCommand;
import br.com.lojaapi.coreapi.produto.AlterarProdutoCommand;
import br.com.lojaapi.coreapi.produto.AlterarVariacaoCommand;
import br.com.lojaapi.coreapi.produto.BaixaDeEstoque;
import br.com.lojaapi.coreapi.produto.DevolverEstoqueDoPedidoCommand;
import br.com.lojaapi.coreapi.produto.EstoqueDevolvidoPorPedidoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueMovimentadoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueTomadoPorPedidoEvent;
import br.com.lojaapi.coreapi.produto.ItensCotados;
import br.com.lojaapi.coreapi.produto.MovimentarEstoqueCommand;
import br.com.lojaapi.coreapi.produto.MotivoDoMovimento;
import br.com.lojaapi.coreapi.produto.MovimentoDeEstoque;
import br.com.lojaapi.coreapi.produto.TomarEstoqueDoPedidoCommand;
import br.com.lojaapi.coreapi.produto.CriarProdutoCommand;
import br.com.lojaapi.coreapi.produto.DadosProduto;
import br.com.lojaapi.coreapi.produto.ProdutoAtualizadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoCriadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoRemovidoEvent;
import br.com.lojaapi.coreapi.produto.RemoverProdutoCommand;
import br.com.lojaapi.coreapi.produto.RemoverVariacaoCommand;
import br.com.lojaapi.coreapi.produto.ResultadoDeProduto;
import br.com.lojaapi.coreapi.produto.VariacaoAdicionadaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoAlteradaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoRemovidaEvent;
import com.fasterxml.jackson.annotation.JsonAutoDetect;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.serialization.Revision;
import org.axonframework.spring.stereotype.Aggregate;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;
import static org.axonframework.modelling.command.AggregateLifecycle.markDeleted;

/**
 * A product with its variations. While it has variations its stock is their sum; a removed product is gone for
 * every command (soft removal: orders keep their own snapshots).
 * <p>
 * Every order appends to the products it sells, so a popular product's stream grows without end: it is loaded from
 * a snapshot (taken every {@code loja.snapshots.produto} events), serialised field by field. Change the
 * {@link Revision} whenever the fields change; older snapshots are then ignored and the stream replayed.
 */
@Aggregate(repository = RepositorioDeProdutos.NOME)
@Revision("1")
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY, getterVisibility = JsonAutoDetect.Visibility.NONE,
        isGetterVisibility = JsonAutoDetect.Visibility.NONE)
class Produto {

    static final String NAO_ENCONTRADO = "Produto não encontrado";
    static final String ESTOQUE_DAS_VARIACOES =
            "quantidadeEstoque ignorado: o estoque de um produto com variações é a soma do estoque delas";

    @AggregateIdentifier
    private String produtoId;
    private String lojaId;
    private DadosProduto dados;
    private Variacoes variacoes = new Variacoes(List.of());

    Produto() {
        // required by Axon
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.ALWAYS)
    ResultadoDeProduto handle(CriarProdutoCommand comando, ReferenciasDaLoja referencias) {
        DadosProduto novos = RegrasDeProduto.aplicar(RegrasDeProduto.padrao(Boolean.TRUE.equals(comando.controlaEstoque())),
                comando.dados(), comando.lojaId(), referencias);
        if (novos.categoriaId() == null) {
            throw new IllegalStateException("a categoria do produto deve ser resolvida antes do comando");
        }
        Variacoes novas = new Variacoes(List.of()).combinar(comando.variacoes());
        List<String> avisos = avisoDeEstoque(novas, comando.dados().quantidadeEstoque() != null);
        apply(new ProdutoCriadoEvent(comando.produtoId(), comando.lojaId(), novas.noEstoqueDe(novos), novas.lista(),
                comando.criadoEm()));
        return new ResultadoDeProduto(Versao.atual(), avisos);
    }

    @CommandHandler
    ResultadoDeProduto handle(AlterarProdutoCommand comando, ReferenciasDaLoja referencias) {
        exigirDaLoja(comando.lojaId());
        Versao.exigir(comando.versaoEsperada());
        DadosProduto novos = RegrasDeProduto.aplicar(dados, comando.alteracao(), lojaId, referencias);
        Variacoes novas = variacoes.combinar(comando.variacoes());
        List<String> avisos = avisoDeEstoque(novas, comando.alteracao().quantidadeEstoque() != null);
        novos = novas.noEstoqueDe(novos);
        if (!novos.equals(dados) || !novas.equals(variacoes)) {
            aplicarComAlertas(comando.alteradoEm(),
                    new ProdutoAtualizadoEvent(produtoId, lojaId, novos, novas.lista(), comando.alteradoEm()));
        }
        return new ResultadoDeProduto(Versao.atual(), avisos);
    }

    @CommandHandler
    long handle(RemoverProdutoCommand comando) {
        exigirDaLoja(comando.lojaId());
        Versao.exigir(comando.versaoEsperada());
        apply(new ProdutoRemovidoEvent(produtoId, lojaId, dados.nome(), dados.sku(), dados.codIntegracao(),
                comando.removidoEm()));
        return Versao.atual();
    }

    @CommandHandler
    long handle(AdicionarVariacaoCommand comando) {
        exigirDaLoja(comando.lojaId());
        return aplicarComAlertas(comando.adicionadaEm(), variacoesDoProduto().adicionar(comando));
    }

    @CommandHandler
    long handle(AlterarVariacaoCommand comando) {
        exigirDaLoja(comando.lojaId());
        Versao.exigir(comando.versaoEsperada());
        variacoesDoProduto().alterar(comando).ifPresent(evento -> aplicarComAlertas(comando.alteradaEm(), evento));
        return Versao.atual();
    }

    @CommandHandler
    long handle(RemoverVariacaoCommand comando) {
        exigirDaLoja(comando.lojaId());
        Versao.exigir(comando.versaoEsperada());
        return aplicarComAlertas(comando.removidaEm(), variacoesDoProduto().remover(comando));
    }

    @CommandHandler
    MovimentoDeEstoque handle(MovimentarEstoqueCommand comando) {
        exigirDaLoja(comando.lojaId());
        EstoqueMovimentadoEvent movimento = estoque().movimentar(comando);
        long versao = aplicarComAlertas(comando.criadoEm(), movimento);
        return new MovimentoDeEstoque(movimento.movimentoId(), produtoId, movimento.variacaoId(), movimento.tipo(),
                movimento.quantidade(), movimento.quantidadeAnterior(), movimento.quantidadeAtual(),
                movimento.criadoEm(), versao);
    }

    /** Prices the order's lines of this product and takes their stock, all or nothing. */
    @CommandHandler
    ItensCotados handle(TomarEstoqueDoPedidoCommand comando) {
        if (!lojaId.equals(comando.lojaId())) {
            throw EstoqueDosProdutos.naoEncontrado(comando.itens().get(0).indice(), produtoId);
        }
        LinhasDoPedido linhas = LinhasDoPedido.cotar(produtoId, dados, variacoes, comando.itens());
        long versao = Versao.atual();
        if (!linhas.baixas().isEmpty()) {
            versao = aplicarComAlertas(comando.em(), new EstoqueTomadoPorPedidoEvent(produtoId, lojaId,
                    comando.pedidoId(), linhas.baixas(), estoque().apos(linhas.baixas()), comando.em(),
                    comando.motivo()));
        }
        return new ItensCotados(linhas.itens(produtoId, dados, variacoes), versao);
    }

    @CommandHandler
    long handle(DevolverEstoqueDoPedidoCommand comando) {
        exigirDaLoja(comando.lojaId());
        List<BaixaDeEstoque> devolucoes = LinhasDoPedido.devolver(dados, variacoes, comando.itens());
        if (!devolucoes.isEmpty()) {
            apply(new EstoqueDevolvidoPorPedidoEvent(produtoId, lojaId, comando.pedidoId(), devolucoes,
                    estoque().apos(devolucoes), comando.em(), comando.motivo()));
        }
        return Versao.atual();
    }

    /** Prices an edited order's new and changed lines of this product and moves only the stock difference. */
    @CommandHandler
    ItensCotados handle(AjustarEstoqueDoPedidoCommand comando) {
        if (!lojaId.equals(comando.lojaId())) {
            throw ErroDeNegocio.invalido("Produto não encontrado nesta loja: " + produtoId);
        }
        LinhasDoPedido linhas = LinhasDoPedido.ajustar(produtoId, dados, variacoes, comando.cotar(), comando.mantidos(),
                comando.anteriores(), comando.estoqueTomado());
        long versao = Versao.atual();
        DadosProduto antes = dados;
        Variacoes variacoesAntes = variacoes;
        if (!linhas.baixas().isEmpty()) {
            apply(new EstoqueTomadoPorPedidoEvent(produtoId, lojaId, comando.pedidoId(), linhas.baixas(),
                    estoque().apos(linhas.baixas()), comando.em(), MotivoDoMovimento.PEDIDO_EDITADO));
        }
        if (!linhas.devolucoes().isEmpty()) {
            apply(new EstoqueDevolvidoPorPedidoEvent(produtoId, lojaId, comando.pedidoId(), linhas.devolucoes(),
                    estoque().apos(linhas.devolucoes()), comando.em(), MotivoDoMovimento.PEDIDO_EDITADO));
        }
        if (!linhas.baixas().isEmpty() || !linhas.devolucoes().isEmpty()) {
            versao = alertar(antes, variacoesAntes, comando.em());
        }
        return new ItensCotados(linhas.itens(produtoId, dados, variacoes), versao);
    }

    @EventSourcingHandler
    void on(ProdutoCriadoEvent evento) {
        produtoId = evento.produtoId();
        lojaId = evento.lojaId();
        dados = evento.dados();
        variacoes = new Variacoes(evento.variacoes());
    }

    @EventSourcingHandler
    void on(ProdutoAtualizadoEvent evento) {
        dados = evento.dados();
        variacoes = new Variacoes(evento.variacoes());
    }

    @EventSourcingHandler
    void on(ProdutoRemovidoEvent evento) {
        markDeleted();
    }

    @EventSourcingHandler
    void on(VariacaoAdicionadaEvent evento) {
        variacoes(variacoes.com(evento.variacao()), evento.estoqueDoProduto());
    }

    @EventSourcingHandler
    void on(VariacaoAlteradaEvent evento) {
        variacoes(variacoes.com(evento.variacao()), evento.estoqueDoProduto());
    }

    @EventSourcingHandler
    void on(VariacaoRemovidaEvent evento) {
        variacoes(variacoes.sem(evento.variacaoId()), evento.estoqueDoProduto());
    }

    /** A variation added, changed or removed: the new list, and the product's stock as the event states it. */
    private void variacoes(Variacoes novas, BigDecimal estoqueDoProduto) {
        variacoes = novas;
        dados = RegrasDeProduto.comEstoque(dados, estoqueDoProduto);
    }

    @EventSourcingHandler
    void on(EstoqueMovimentadoEvent evento) {
        aplicarEstoque(evento.variacaoId(), evento.quantidadeAtual(), evento.estoqueDoProduto());
    }

    @EventSourcingHandler
    void on(EstoqueTomadoPorPedidoEvent evento) {
        evento.baixas().forEach(b -> aplicarEstoque(b.variacaoId(), b.quantidadeAtual(), evento.estoqueDoProduto()));
    }

    @EventSourcingHandler
    void on(EstoqueDevolvidoPorPedidoEvent evento) {
        evento.devolucoes().forEach(b -> aplicarEstoque(b.variacaoId(), b.quantidadeAtual(), evento.estoqueDoProduto()));
    }

    private void aplicarEstoque(String variacaoId, BigDecimal quantidade, BigDecimal doProduto) {
        if (variacaoId != null) {
            variacoes = variacoes.comEstoque(variacaoId, quantidade);
        }
        dados = RegrasDeProduto.comEstoque(dados, doProduto);
    }

    private EstoqueDoProduto estoque() {
        return new EstoqueDoProduto(produtoId, lojaId, dados, variacoes);
    }

    private VariacoesDoProduto variacoesDoProduto() {
        return new VariacoesDoProduto(produtoId, lojaId, variacoes);
    }

    /** Applies the event, then {@code produto.estoque_baixo} for what it made cross its minimum; the new version. */
    private long aplicarComAlertas(Instant em, Object evento) {
        DadosProduto antes = dados;
        Variacoes variacoesAntes = variacoes;
        apply(evento);
        return alertar(antes, variacoesAntes, em);
    }

    /** Applies {@code produto.estoque_baixo} for what crossed its minimum since the given state; the new version. */
    private long alertar(DadosProduto antes, Variacoes variacoesAntes, Instant em) {
        RegrasDeEstoque.alertas(produtoId, lojaId, antes, variacoesAntes, dados, variacoes, em)
                       .forEach(alerta -> apply(alerta));
        return Versao.atual();
    }

    private static List<String> avisoDeEstoque(Variacoes variacoes, boolean estoqueEnviado) {
        return estoqueEnviado && !variacoes.vazia() ? List.of(ESTOQUE_DAS_VARIACOES) : List.of();
    }

    /** Another store's product is reported exactly like a missing one. */
    private void exigirDaLoja(String lojaDoComando) {
        if (!Objects.equals(lojaId, lojaDoComando)) {
            throw ErroDeNegocio.naoEncontrado(NAO_ENCONTRADO);
        }
    }
}
