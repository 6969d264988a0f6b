package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.comum.Versao;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.produto.AdicionarVariacaoCommand;
import br.com.lojaapi.coreapi.produto.AlterarProdutoCommand;
import br.com.lojaapi.coreapi.produto.AlterarVariacaoCommand;
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
import br.com.lojaapi.coreapi.produto.VariacaoDoProduto;
import br.com.lojaapi.coreapi.produto.VariacaoRemovidaEvent;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;
import static org.axonframework.modelling.command.AggregateLifecycle.markDeleted;

/**
 * A product with its variations. While it has variations its stock is their sum; a removed product is gone for
 * every command (soft removal: orders keep their own snapshots).
 */
@Aggregate
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
        DadosProduto novos = RegrasDeProduto.aplicar(dados, comando.alteracao(), lojaId, referencias);
        Variacoes novas = variacoes.combinar(comando.variacoes());
        List<String> avisos = avisoDeEstoque(novas, comando.alteracao().quantidadeEstoque() != null);
        novos = novas.noEstoqueDe(novos);
        if (!novos.equals(dados) || !novas.equals(variacoes)) {
            apply(new ProdutoAtualizadoEvent(produtoId, lojaId, novos, novas.lista(), comando.alteradoEm()));
        }
        return new ResultadoDeProduto(Versao.atual(), avisos);
    }

    @CommandHandler
    long handle(RemoverProdutoCommand comando) {
        exigirDaLoja(comando.lojaId());
        apply(new ProdutoRemovidoEvent(produtoId, lojaId, dados.nome(), dados.sku(), dados.codIntegracao(),
                comando.removidoEm()));
        return Versao.atual();
    }

    @CommandHandler
    long handle(AdicionarVariacaoCommand comando) {
        exigirDaLoja(comando.lojaId());
        VariacaoDoProduto nova = new VariacaoDoProduto(comando.variacao().novoId(),
                RegrasDeVariacao.nova(comando.variacao()));
        Variacoes novas = variacoes.com(nova).exigirLimite();
        apply(new VariacaoAdicionadaEvent(produtoId, lojaId, nova, novas.estoque(), comando.adicionadaEm()));
        return Versao.atual();
    }

    @CommandHandler
    long handle(AlterarVariacaoCommand comando) {
        exigirDaLoja(comando.lojaId());
        VariacaoDoProduto atual = variacoes.exigir(comando.variacaoId());
        VariacaoDoProduto alterada = new VariacaoDoProduto(atual.variacaoId(),
                RegrasDeVariacao.aplicar(atual.dados(), comando.alteracao()));
        if (!alterada.equals(atual)) {
            Variacoes novas = variacoes.com(alterada).exigirLimite();
            apply(new VariacaoAlteradaEvent(produtoId, lojaId, alterada, novas.estoque(), comando.alteradaEm()));
        }
        return Versao.atual();
    }

    @CommandHandler
    long handle(RemoverVariacaoCommand comando) {
        exigirDaLoja(comando.lojaId());
        variacoes.exigir(comando.variacaoId());
        Variacoes novas = variacoes.sem(comando.variacaoId());
        apply(new VariacaoRemovidaEvent(produtoId, lojaId, comando.variacaoId(), novas.estoque(), comando.removidaEm()));
        return Versao.atual();
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
        variacoes = variacoes.com(evento.variacao());
        dados = RegrasDeProduto.comEstoque(dados, evento.estoqueDoProduto());
    }

    @EventSourcingHandler
    void on(VariacaoAlteradaEvent evento) {
        variacoes = variacoes.com(evento.variacao());
        dados = RegrasDeProduto.comEstoque(dados, evento.estoqueDoProduto());
    }

    @EventSourcingHandler
    void on(VariacaoRemovidaEvent evento) {
        variacoes = variacoes.sem(evento.variacaoId());
        dados = RegrasDeProduto.comEstoque(dados, evento.estoqueDoProduto());
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
