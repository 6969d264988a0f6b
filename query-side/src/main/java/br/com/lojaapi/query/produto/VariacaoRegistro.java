package br.com.lojaapi.query.produto;

import br.com.lojaapi.coreapi.produto.DadosVariacao;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.math.BigDecimal;

@Entity
@Table(name = "variacao_view")
class VariacaoRegistro {

    @Id
    private String id;
    @Column(name = "produto_id", nullable = false)
    private String produtoId;
    @Column(name = "loja_id", nullable = false)
    private String lojaId;
    @Column(nullable = false)
    private int posicao;
    @Column(nullable = false)
    private String nome;
    @Column(nullable = false)
    private String valor1;
    private String valor2;
    private BigDecimal preco;
    private String sku;
    @Column(name = "codigo_barras")
    private String codigoBarras;
    @Column(name = "cod_integracao")
    private Long codIntegracao;
    @Column(name = "quantidade_estoque", nullable = false)
    private BigDecimal quantidadeEstoque;
    @Column(name = "estoque_minimo", nullable = false)
    private BigDecimal estoqueMinimo;

    protected VariacaoRegistro() {
        // JPA
    }

    VariacaoRegistro(String id, String produtoId, String lojaId, int posicao) {
        this.id = id;
        this.produtoId = produtoId;
        this.lojaId = lojaId;
        this.posicao = posicao;
    }

    String id() {
        return id;
    }

    void posicionar(int posicao) {
        this.posicao = posicao;
    }

    void estoque(BigDecimal quantidade) {
        quantidadeEstoque = quantidade;
    }

    void aplicar(DadosVariacao d) {
        nome = d.nome();
        valor1 = d.valor1();
        valor2 = d.valor2();
        preco = d.preco();
        sku = d.sku();
        codigoBarras = d.codigoBarras();
        codIntegracao = d.codIntegracao();
        quantidadeEstoque = d.quantidadeEstoque();
        estoqueMinimo = d.estoqueMinimo();
    }
}
