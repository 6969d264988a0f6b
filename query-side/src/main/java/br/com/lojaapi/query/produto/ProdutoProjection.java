package br.com.lojaapi.query.produto;

import br.com.lojaapi.coreapi.produto.BaixaDeEstoque;
import br.com.lojaapi.coreapi.produto.EstoqueBaixoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueDevolvidoPorPedidoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueMovimentadoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueTomadoPorPedidoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoAtualizadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoCriadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoRemovidoEvent;
import br.com.lojaapi.coreapi.produto.VariacaoAdicionadaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoAlteradaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoDoProduto;
import br.com.lojaapi.coreapi.produto.VariacaoRemovidaEvent;
import br.com.lojaapi.query.comum.IndicesGlobais;
import br.com.lojaapi.query.comum.ProjecaoJpa;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Read model of products and their variations. Every handler is guarded by the product's version, so a replay or
 * a batch processed twice leaves the same rows; variations are written in the same transaction as their product
 * row, whose version therefore covers them. Every event of a product moves its row's version and records its own
 * global index ({@link IndicesGlobais}), which incremental sync orders by and relies on.
 * <p>
 * The store's counts by category and availability ({@code produto_contagem}, {@link ContagemDeProdutos}) follow
 * every write of {@code produto_view} by its triggers, in the same transaction: no handler writes them.
 */
@Component
@TabelasDoModelo({"produto_view", "variacao_view", "produto_contagem"})
@ProcessingGroup("produto-view")
class ProdutoProjection extends ProjecaoJpa<ProdutoRegistro> {

    private final IndicesGlobais indices;
    private final EstoquesDoLote estoques;

    ProdutoProjection(IndicesGlobais indices, EstoquesDoLote estoques) {
        super(ProdutoRegistro.class);
        this.indices = indices;
        this.estoques = estoques;
    }

    @EventHandler
    void on(ProdutoCriadoEvent evento, @SequenceNumber long versao) {
        if (inserir(evento.produtoId(), () -> new ProdutoRegistro(evento, versao,
                indices.de(evento.produtoId(), versao)))) {
            substituirVariacoes(evento.produtoId(), evento.lojaId(), evento.variacoes());
        }
    }

    @EventHandler
    void on(ProdutoAtualizadoEvent evento, @SequenceNumber long versao) {
        atualizar(evento.produtoId(), versao, produto -> {
            produto.aplicar(evento.dados(), evento.atualizadoEm(), versao, indices.de(evento.produtoId(), versao));
            substituirVariacoes(evento.produtoId(), evento.lojaId(), evento.variacoes());
        });
    }

    @EventHandler
    void on(ProdutoRemovidoEvent evento, @SequenceNumber long versao) {
        atualizar(evento.produtoId(), versao,
                produto -> produto.remover(evento.removidoEm(), versao, indices.de(evento.produtoId(), versao)));
    }

    @EventHandler
    void on(VariacaoAdicionadaEvent evento, @SequenceNumber long versao) {
        atualizar(evento.produtoId(), versao, produto -> {
            Integer ultima = em.createQuery("SELECT MAX(v.posicao) FROM VariacaoRegistro v WHERE v.produtoId = :p",
                    Integer.class).setParameter("p", evento.produtoId()).getSingleResult();
            VariacaoRegistro variacao = new VariacaoRegistro(evento.variacao().variacaoId(), evento.produtoId(),
                    evento.lojaId(), ultima == null ? 0 : ultima + 1);
            variacao.aplicar(evento.variacao().dados());
            em.persist(variacao);
            produto.estoque(evento.estoqueDoProduto(), evento.adicionadaEm(), versao,
                            indices.de(evento.produtoId(), versao));
        });
    }

    @EventHandler
    void on(VariacaoAlteradaEvent evento, @SequenceNumber long versao) {
        atualizar(evento.produtoId(), versao, produto -> {
            VariacaoRegistro variacao = em.find(VariacaoRegistro.class, evento.variacao().variacaoId());
            if (variacao != null) {
                variacao.aplicar(evento.variacao().dados());
            }
            produto.estoque(evento.estoqueDoProduto(), evento.alteradaEm(), versao,
                            indices.de(evento.produtoId(), versao));
        });
    }

    @EventHandler
    void on(VariacaoRemovidaEvent evento, @SequenceNumber long versao) {
        atualizar(evento.produtoId(), versao, produto -> {
            VariacaoRegistro variacao = em.find(VariacaoRegistro.class, evento.variacaoId());
            if (variacao != null) {
                em.remove(variacao);
            }
            produto.estoque(evento.estoqueDoProduto(), evento.removidaEm(), versao,
                            indices.de(evento.produtoId(), versao));
        });
    }

    @EventHandler
    void on(EstoqueMovimentadoEvent evento, @SequenceNumber long versao) {
        estoque(evento.produtoId(), List.of(new BaixaDeEstoque(evento.variacaoId(), evento.quantidade(),
                evento.quantidadeAtual())), evento.estoqueDoProduto(), evento.criadoEm(), versao);
    }

    @EventHandler
    void on(EstoqueTomadoPorPedidoEvent evento, @SequenceNumber long versao) {
        estoque(evento.produtoId(), evento.baixas(), evento.estoqueDoProduto(), evento.em(), versao);
    }

    @EventHandler
    void on(EstoqueDevolvidoPorPedidoEvent evento, @SequenceNumber long versao) {
        estoque(evento.produtoId(), evento.devolucoes(), evento.estoqueDoProduto(), evento.em(), versao);
    }

    @EventHandler
    void on(EstoqueBaixoEvent evento, @SequenceNumber long versao) {
        if (estoques.soEstoque(evento.produtoId())) {
            estoques.anotar(evento.produtoId(), List.of(), null, null, versao, indices.de(evento.produtoId(), versao));
            return;
        }
        atualizar(evento.produtoId(), versao,
                produto -> produto.versao(versao, indices.de(evento.produtoId(), versao)));
    }

    /** A stock change: with the batch's others in one statement ({@link EstoquesDoLote}) when it can be. */
    private void estoque(String produtoId, List<BaixaDeEstoque> mudancas, BigDecimal doProduto,
                         Instant quando, long versao) {
        if (estoques.soEstoque(produtoId)) {
            estoques.anotar(produtoId, mudancas, doProduto, quando, versao, indices.de(produtoId, versao));
            return;
        }
        atualizar(produtoId, versao, produto -> {
            for (BaixaDeEstoque mudanca : mudancas) {
                if (mudanca.variacaoId() != null) {
                    VariacaoRegistro variacao = em.find(VariacaoRegistro.class, mudanca.variacaoId());
                    if (variacao != null) {
                        variacao.estoque(mudanca.quantidadeAtual());
                    }
                }
            }
            produto.estoque(doProduto, quando, versao, indices.de(produtoId, versao));
        });
    }

    /** Makes the product's variation rows exactly the list given, in its order, through managed entities. */
    private void substituirVariacoes(String produtoId, String lojaId, List<VariacaoDoProduto> variacoes) {
        Map<String, VariacaoRegistro> existentes = new HashMap<>();
        em.createQuery("SELECT v FROM VariacaoRegistro v WHERE v.produtoId = :p", VariacaoRegistro.class)
          .setParameter("p", produtoId).getResultList()
          .forEach(v -> existentes.put(v.id(), v));
        for (int i = 0; i < variacoes.size(); i++) {
            VariacaoDoProduto nova = variacoes.get(i);
            VariacaoRegistro variacao = existentes.remove(nova.variacaoId());
            boolean inserir = variacao == null;
            if (inserir) {
                variacao = new VariacaoRegistro(nova.variacaoId(), produtoId, lojaId, i);
            }
            variacao.posicionar(i);
            variacao.aplicar(nova.dados());
            if (inserir) {
                // persist only once complete: Hibernate takes the row to insert from the state at persist time
                em.persist(variacao);
            }
        }
        existentes.values().forEach(em::remove);
    }
}
