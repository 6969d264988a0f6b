package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.categoria.ProdutosDaCategoria;
import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.command.comum.Travas;
import br.com.lojaapi.command.comum.TravasDoNo;
import br.com.lojaapi.coreapi.comum.CodigoErro;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.produto.ProdutoAtualizadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoCriadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoRemovidoEvent;
import br.com.lojaapi.coreapi.produto.VariacaoAdicionadaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoAlteradaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoRemovidaEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.PreparedStatement;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Command-side index of the products that are not removed, kept in the command's transaction: by ERP code (codes
 * are not unique; upserts pick the most recently changed, so each change, variations included, takes the next
 * number of a sequence) and by category (see {@link ProdutosDaCategoria}).
 */
@Component
@ProcessingGroup(GruposDeLookup.PRODUTO)
class ProdutoLookup implements ProdutosDaCategoria, EstoqueDosProdutos {

    private static final String TRAVA_DE_ESTOQUE = "produto-estoque:";

    private final JdbcTemplate jdbc;
    private final TravasDoNo travasDoNo;

    ProdutoLookup(JdbcTemplate jdbc, TravasDoNo travasDoNo) {
        this.jdbc = jdbc;
        this.travasDoNo = travasDoNo;
    }

    /** Serialises upserts of one code in one store until the end of the transaction, on every node. */
    void travarCodigo(String lojaId, long codIntegracao) {
        Travas.exclusiva(jdbc, "produto-codigo:" + lojaId + ":" + codIntegracao);
    }

    @Override
    public <T> T naVez(Collection<String> produtoIds, Supplier<T> transacao) {
        return travasDoNo.executar(chaves(produtoIds), transacao);
    }

    @Override
    public void travar(Collection<String> produtoIds) {
        Travas.exclusivas(jdbc, chaves(produtoIds));
    }

    private static List<String> chaves(Collection<String> produtoIds) {
        return new TreeSet<>(produtoIds).stream().map(id -> TRAVA_DE_ESTOQUE + id).toList();
    }

    @Override
    public boolean existe(String lojaId, String produtoId) {
        return existentes(lojaId, List.of(produtoId)).contains(produtoId);
    }

    @Override
    public Set<String> existentes(String lojaId, Collection<String> produtoIds) {
        Set<String> existentes = new HashSet<>();
        jdbc.query(conexao -> {
            PreparedStatement consulta = conexao.prepareStatement(
                    "SELECT produto_id FROM produto_lookup WHERE loja_id = ? AND produto_id = ANY (?)");
            consulta.setString(1, lojaId);
            consulta.setArray(2, conexao.createArrayOf("varchar", produtoIds.toArray()));
            return consulta;
        }, linha -> {
            existentes.add(linha.getString(1));
        });
        return existentes;
    }

    /** The ERP code of a product that is not removed, if it has one. */
    Optional<Long> codigoDe(String lojaId, String produtoId) {
        return jdbc.queryForList("SELECT cod_integracao FROM produto_lookup WHERE produto_id = ? AND loja_id = ?",
                Long.class, produtoId, lojaId).stream().filter(Objects::nonNull).findFirst();
    }

    @Override
    public void exigirSemProdutos(String lojaId, String categoriaId) {
        Travas.exclusiva(jdbc, TRAVA + categoriaId);
        Long produtos = jdbc.queryForObject(
                "SELECT COUNT(*) FROM produto_lookup WHERE categoria_id = ? AND loja_id = ?", Long.class,
                categoriaId, lojaId);
        if (produtos != null && produtos > 0) {
            throw new ErroDeNegocio(CodigoErro.CONFLITO, "A categoria tem " + produtos + " produto(s) vinculado(s); "
                    + "mova-os para outra categoria com PUT /produtos/{id} antes de removê-la",
                    Map.of("produtosVinculados", produtos, "subcategoriasVinculadas", 0));
        }
    }

    /** Products of the store (not removed) with the SKU, most recently changed first. */
    List<String> comSku(String lojaId, String sku) {
        return jdbc.queryForList("""
                SELECT produto_id FROM produto_lookup WHERE loja_id = ? AND sku = ?
                 ORDER BY alteracao DESC""", String.class, lojaId, sku);
    }

    /** Products of the store (not removed) with the code, most recently changed first. */
    List<String> comCodigo(String lojaId, long codIntegracao) {
        return jdbc.queryForList("""
                SELECT produto_id FROM produto_lookup WHERE loja_id = ? AND cod_integracao = ?
                 ORDER BY alteracao DESC""", String.class, lojaId, codIntegracao);
    }

    @EventHandler
    void on(ProdutoCriadoEvent evento) {
        jdbc.update("""
                INSERT INTO produto_lookup (produto_id, loja_id, cod_integracao, categoria_id, sku, alteracao)
                VALUES (?, ?, ?, ?, ?, nextval('produto_lookup_alteracao_seq'))""",
                evento.produtoId(), evento.lojaId(), evento.dados().codIntegracao(), evento.dados().categoriaId(),
                evento.dados().sku());
    }

    @EventHandler
    void on(ProdutoAtualizadoEvent evento) {
        jdbc.update("""
                UPDATE produto_lookup SET cod_integracao = ?, categoria_id = ?, sku = ?,
                       alteracao = nextval('produto_lookup_alteracao_seq')
                 WHERE produto_id = ?""", evento.dados().codIntegracao(), evento.dados().categoriaId(),
                evento.dados().sku(), evento.produtoId());
    }

    @EventHandler
    void on(VariacaoAdicionadaEvent evento) {
        alterado(evento.produtoId());
    }

    @EventHandler
    void on(VariacaoAlteradaEvent evento) {
        alterado(evento.produtoId());
    }

    @EventHandler
    void on(VariacaoRemovidaEvent evento) {
        alterado(evento.produtoId());
    }

    private void alterado(String produtoId) {
        jdbc.update("UPDATE produto_lookup SET alteracao = nextval('produto_lookup_alteracao_seq') WHERE produto_id = ?",
                produtoId);
    }

    @EventHandler
    void on(ProdutoRemovidoEvent evento) {
        jdbc.update("DELETE FROM produto_lookup WHERE produto_id = ?", evento.produtoId());
    }
}
