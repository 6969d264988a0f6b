package br.com.lojaapi.query.categoria;

import br.com.lojaapi.coreapi.categoria.CategoriaCriadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaView;
import br.com.lojaapi.query.comum.RegistroRemovivel;
import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "categoria_view")
@AttributeOverride(name = "removidoEm", column = @Column(name = "removida_em"))
class CategoriaRegistro extends RegistroRemovivel {

    @Column(nullable = false)
    private String nome;
    private String descricao;
    @Column(nullable = false)
    private int ordem;
    @Column(nullable = false)
    private boolean ativa;

    protected CategoriaRegistro() {
        // JPA
    }

    CategoriaRegistro(CategoriaCriadaEvent e, long versao) {
        super(e.categoriaId(), e.lojaId(), e.criadaEm());
        aplicar(e.nome(), e.descricao(), e.ordem(), e.ativa(), e.criadaEm(), versao);
    }

    void aplicar(String nome, String descricao, int ordem, boolean ativa, Instant atualizadoEm, long versao) {
        this.nome = nome;
        this.descricao = descricao;
        this.ordem = ordem;
        this.ativa = ativa;
        tocar(atualizadoEm, versao);
    }

    CategoriaView view() {
        return new CategoriaView(id(), lojaId(), nome, descricao, ordem, ativa, criadoEm(), atualizadoEm(), versao());
    }
}
