package br.com.lojaapi.query.produto;

import br.com.lojaapi.coreapi.produto.DadosProduto;
import br.com.lojaapi.coreapi.produto.ProdutoCriadoEvent;
import br.com.lojaapi.query.comum.RegistroRemovivel;
import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

@Entity
@Table(name = "produto_view")
@AttributeOverride(name = "removidoEm", column = @Column(name = "deletado_em"))
class ProdutoRegistro extends RegistroRemovivel {

    @Column(nullable = false)
    private String nome;
    private String descricao;
    @Column(nullable = false)
    private BigDecimal preco;
    @Column(name = "preco_promocional")
    private BigDecimal precoPromocional;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    private List<String> imagens;
    @Column(name = "codigo_barras")
    private String codigoBarras;
    private String sku;
    private String referencia;
    @Column(name = "cod_integracao")
    private Long codIntegracao;
    @Column(nullable = false)
    private boolean disponivel;
    @Column(nullable = false)
    private boolean destaque;
    @Column(nullable = false)
    private int ordem;
    @Column(name = "controla_estoque", nullable = false)
    private boolean controlaEstoque;
    @Column(name = "quantidade_estoque", nullable = false)
    private BigDecimal quantidadeEstoque;
    @Column(name = "estoque_minimo", nullable = false)
    private BigDecimal estoqueMinimo;
    private String unidade;
    @Column(name = "multiplo_venda", nullable = false)
    private BigDecimal multiploVenda;
    private BigDecimal peso;
    private BigDecimal altura;
    private BigDecimal largura;
    private BigDecimal comprimento;
    @Column(name = "categoria_id", nullable = false)
    private String categoriaId;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "grupos_complemento", nullable = false)
    private List<String> gruposComplemento;
    @Column(name = "global_index", nullable = false)
    private long indiceGlobal;

    protected ProdutoRegistro() {
        // JPA
    }

    ProdutoRegistro(ProdutoCriadoEvent e, long versao, long indice) {
        super(e.produtoId(), e.lojaId(), e.criadoEm());
        aplicar(e.dados(), e.criadoEm(), versao, indice);
    }

    void aplicar(DadosProduto d, Instant quando, long versao, long indice) {
        nome = d.nome();
        descricao = d.descricao();
        preco = d.preco();
        precoPromocional = d.precoPromocional();
        imagens = d.imagens();
        codigoBarras = d.codigoBarras();
        sku = d.sku();
        referencia = d.referencia();
        codIntegracao = d.codIntegracao();
        disponivel = d.disponivel();
        destaque = d.destaque();
        ordem = d.ordem();
        controlaEstoque = d.controlaEstoque();
        quantidadeEstoque = d.quantidadeEstoque();
        estoqueMinimo = d.estoqueMinimo();
        unidade = d.unidade();
        multiploVenda = d.multiploVenda();
        peso = d.peso();
        altura = d.altura();
        largura = d.largura();
        comprimento = d.comprimento();
        categoriaId = d.categoriaId();
        gruposComplemento = d.gruposComplemento();
        tocar(quando, versao);
        indiceGlobal = indice;
    }

    void estoque(BigDecimal estoque, Instant quando, long versao, long indice) {
        quantidadeEstoque = estoque;
        tocar(quando, versao);
        indiceGlobal = indice;
    }

    /** An event that changes nothing shown (a stock alert) still moves the row to its version. */
    void versao(long versao, long indice) {
        tocar(versao);
        indiceGlobal = indice;
    }

    /** Soft removal: hidden from every query, and no longer available. */
    void remover(Instant quando, long versao, long indice) {
        disponivel = false;
        remover(quando, versao);
        indiceGlobal = indice;
    }
}
